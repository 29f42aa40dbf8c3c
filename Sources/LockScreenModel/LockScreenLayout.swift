import Canvas
import ControlProtocol
import WidgetKitCore

/// Where the parts of the lock screen go on a panel of any size: the date line with the
/// inline widget, the big clock, and the row of four units below it (a circular widget
/// takes one unit, a rectangular one two), scaled from iPhone points (docs/ARCHITECTURE.md, "Accessory families").
package struct LockScreenLayout: Sendable, Equatable {
    /// Design sizes in points, from the 393×852 reference screen.
    package enum Points {
        static let unit = 72.0
        static let unitGap = 16.0
        static let rowWidth = 4 * unit + 3 * unitGap
        static let columnWidth = rowWidth + 4
        package static let dateLine = 26.0
        static let dateGap = 2.0
        static let clockGap = 10.0
        static let clockMinimum = 40.0
        static let clockMaximum = 110.0
        /// The clock's height when the configuration names none: a 97 px font at 800×480,
        /// the reference lock screen's "96 px clock". The iPhone's proportions (all the
        /// room, up to 110 pt) make each minute tick send twice the pixels, which an SPI
        /// panel pays in time and an e-paper panel in ghosting.
        static let clockDefault = 53.0
        static let fixedHeight = dateLine + dateGap + clockGap + unit
        /// Live Activities' band: at least this tall below the row, else they show in the
        /// date line; a strip this tall where home widgets share the space below the row.
        static let bandMinimum = 24.0
        static let bandStrip = 40.0
    }

    package let width: Int
    package let height: Int
    /// Pixels per point.
    package let scale: Double
    /// In pixels, as every rectangle here.
    package let dateLine: Rect
    package let clock: Rect
    package let row: Rect

    /// Lays the screen out: the scale is the largest at which the row fits 94 % of the
    /// width and the column (with a clock at least 40 pt tall) 94 % of the height; the
    /// clock then takes what height is left, up to `clockHeight` (40 to 110 pt; 53 when
    /// nil).
    /// Landscape screens centre the column; portrait ones start it an eighth of the way
    /// down, as the iPhone does.
    package init(width: Int, height: Int, clockHeight requested: Double? = nil) {
        self.width = width
        self.height = height
        let (w, h) = (Double(width), Double(height))
        let s = min(w * 0.94 / Points.columnWidth, h * 0.94 / (Points.fixedHeight + Points.clockMinimum))
        scale = s
        // A portrait panel is a phone's shape: its clock as large as the width allows,
        // as iOS sizes it (docs/RENDERING.md, "Tall panels"); a landscape one keeps 53 pt.
        let cap = min(Points.clockMaximum, max(Points.clockMinimum, requested ?? (h > w ? Points.clockMaximum : Points.clockDefault)))
        let clockHeight = min(cap, max(Points.clockMinimum, h * 0.94 / s - Points.fixedHeight))
        let total = (Points.fixedHeight + clockHeight) * s
        let top = h > w ? max((h - total) / 2 * 0.25, h / 8 - Points.dateLine * s / 2) : (h - total) / 2
        let columnX = (w - Points.columnWidth * s) / 2
        let columnWidth = Points.columnWidth * s
        dateLine = Rect(x: columnX, y: top, width: columnWidth, height: Points.dateLine * s)
        clock = Rect(x: columnX, y: dateLine.maxY + Points.dateGap * s, width: columnWidth, height: clockHeight * s)
        row = Rect(x: (w - Points.rowWidth * s) / 2, y: clock.maxY + Points.clockGap * s, width: Points.rowWidth * s, height: Points.unit * s)
    }

    /// The panel below the row, where a portrait panel shows the home widgets; nil when
    /// the panel is not portrait or too little is left.
    package var below: Rect? {
        let (w, h) = (Double(width), Double(height))
        let top = row.maxY + Points.clockGap * scale
        guard h > w, h - top > 0.25 * h else { return nil }
        return Rect(x: 0, y: top, width: w, height: h - top)
    }

    /// Where Live Activities go: from below the row to the panel's foot, as wide as the
    /// row; where home widgets are below the row (`sharingWithHome`), a strip at the top
    /// of that space. nil when less than 24 pt is left: the date line shows them instead.
    package func band(sharingWithHome: Bool) -> Rect? {
        let top = row.maxY + Points.clockGap * scale
        var height = Double(self.height) - Points.clockGap * scale - top
        if sharingWithHome { height = min(height, Points.bandStrip * scale) }
        guard height >= Points.bandMinimum * scale else { return nil }
        return Rect(x: row.minX, y: top, width: row.width, height: height)
    }

    /// The rectangles of the row's widgets, in order, centred as a group. Widgets past
    /// the fourth unit do not fit and get none; only circular and rectangular count.
    package func unitRects(for families: [WidgetFamily]) -> [Rect?] {
        var units = 0
        var spans: [Int?] = []
        for family in families {
            let span = family == .accessoryCircular ? 1 : family == .accessoryRectangular ? 2 : 0
            if span > 0, units + span <= 4 {
                spans.append(units)
                units += span
            } else {
                spans.append(nil)
            }
        }
        let used = Double(units) * Points.unit + Double(max(units - 1, 0)) * Points.unitGap
        let startX = row.midX - used * scale / 2
        return zip(families, spans).map { family, start in
            guard let start else { return nil }
            let x = startX + Double(start) * (Points.unit + Points.unitGap) * scale
            let size = family.referencePointSize
            return Rect(x: x, y: row.minY, width: size.width * scale, height: size.height * scale)
        }
    }
}

extension WidgetFamily {
    /// The family's size in points on the lock screen.
    package var referencePointSize: Size {
        let (w, h) = referenceSize
        return Size(width: w, height: h)
    }
}
