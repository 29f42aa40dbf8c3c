import Canvas
import WidgetKitCore

/// Where the home page's widgets go: a grid in iOS's proportions (a small widget 158 pt
/// square, 22 pt between columns and 38 pt between rows, so a large widget, two by two,
/// is 338 × 354 pt as on the iPhone; medium is two small wide,
/// extra large four by two), filled in reading order, each widget taking the first
/// free cells that hold it, at the largest scale at which every widget fits the panel.
package struct HomeLayout: Sendable, Equatable {
    package enum Points {
        static let cell = 158.0
        static let gap = 22.0
        static let rowGap = 38.0
        static let margin = 16.0
    }

    /// The part of the panel the grid fills, in pixels.
    package let area: Rect
    /// Pixels per point.
    package let scale: Double
    /// Each widget's rectangle in pixels, in the order given; nil for one that does not
    /// fit even at the smallest scale.
    package let rects: [Rect?]

    /// The cells a family spans (columns, rows).
    static func span(_ family: WidgetFamily) -> (columns: Int, rows: Int) {
        switch family {
        case .systemMedium: (2, 1)
        case .systemLarge: (2, 2)
        case .systemExtraLarge: (4, 2)
        default: (1, 1)
        }
    }

    package init(width: Int, height: Int, families: [WidgetFamily]) {
        self.init(area: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), families: families)
    }

    /// The grid inside `area` (pixels) of the panel.
    package init(area: Rect, families: [WidgetFamily]) {
        self.area = area
        let (w, h) = (area.width, area.height)
        let pitch = Points.cell + Points.gap, rowPitch = Points.cell + Points.rowGap
        // The largest scale first, down in 4 % steps: at each, as many columns and rows
        // as the panel holds, and every widget placed or a smaller scale tried.
        var scale = min(w, h) / (Points.cell + 2 * Points.margin)
        let floor = min(w, h) / 2_000
        var placement: (cells: [(Int, Int)?], columns: Int, rows: Int) = ([], 0, 0)
        while scale > floor {
            let columns = max(1, Int((w / scale - 2 * Points.margin + Points.gap) / pitch))
            let rows = max(1, Int((h / scale - 2 * Points.margin + Points.rowGap) / rowPitch))
            let cells = Self.pack(families, columns: columns, rows: rows)
            placement = (cells, columns, rows)
            if cells.allSatisfy({ $0 != nil }) { break }
            scale *= 0.96
        }
        self.scale = scale
        // The used part of the grid, centred on the panel.
        let usedColumns = zip(families, placement.cells).compactMap { f, c in c.map { $0.0 + Self.span(f).columns } }.max() ?? 0
        let usedRows = zip(families, placement.cells).compactMap { f, c in c.map { $0.1 + Self.span(f).rows } }.max() ?? 0
        let gridWidth = (Double(usedColumns) * pitch - Points.gap) * scale
        let gridHeight = (Double(usedRows) * rowPitch - Points.rowGap) * scale
        let origin = Point(x: area.minX + (w - gridWidth) / 2, y: area.minY + (h - gridHeight) / 2)
        rects = zip(families, placement.cells).map { family, cell in
            guard let (column, row) = cell else { return nil }
            let size = family.referencePointSize
            return Rect(
                x: origin.x + Double(column) * pitch * scale, y: origin.y + Double(row) * rowPitch * scale,
                width: size.width * scale, height: size.height * scale)
        }
    }

    /// First-fit placement in reading order on a `columns`×`rows` grid.
    static func pack(_ families: [WidgetFamily], columns: Int, rows: Int) -> [(Int, Int)?] {
        var taken = Array(repeating: Array(repeating: false, count: columns), count: rows)
        return families.map { family in
            let (cw, ch) = span(family)
            guard cw <= columns, ch <= rows else { return nil }
            for row in 0...(rows - ch) {
                for column in 0...(columns - cw) {
                    let free = (row..<(row + ch)).allSatisfy { r in (column..<(column + cw)).allSatisfy { !taken[r][$0] } }
                    guard free else { continue }
                    for r in row..<(row + ch) { for c in column..<(column + cw) { taken[r][c] = true } }
                    return (column, row)
                }
            }
            return nil
        }
    }
}
