import Canvas
import FoundationEssentials
import Glibc

/// Where every part of a gauge goes: the shapes to draw and the rectangle each label
/// is placed in, for one style, value and size. A pure function of its inputs.
///
/// Proportions follow docs/ARCHITECTURE.md, "Gauges", in points of a 72 pt circular widget (ring 52 pt
/// between stroke centres, so 58 pt across its outer edge; stroke 6; marker dot 2.5
/// with a 4.5 halo) and, for linear styles, points scaled by `unit` pixels each.
package struct GaugeLayout: Hashable, Sendable {
    /// The size the gauge occupies.
    package var size: Size
    package var shapes: [GaugeShape]
    /// The rectangle (relative to the gauge's origin) each present label is laid out in.
    package var labelFrames: [GaugeLabelRole: Rect]

    /// Lays out a gauge.
    /// - Parameters:
    ///   - available: the space offered; circular styles take the largest centred square.
    ///   - unit: pixels per point, for the linear styles' fixed thicknesses.
    ///   - labelSizes: the measured size of each label the gauge has.
    package init(
        kind: GaugeKind, value: GaugeValue, available: Size, unit: Double,
        labelSizes: [GaugeLabelRole: Size]
    ) {
        if kind.isCircular {
            self = GaugeLayout.circular(kind: kind, fraction: value.fraction, available: available, labels: labelSizes)
        } else {
            self = GaugeLayout.linear(kind: kind, fraction: value.fraction, width: available.width, unit: unit, labels: labelSizes)
        }
    }

    private init(size: Size, shapes: [GaugeShape], labelFrames: [GaugeLabelRole: Rect]) {
        self.size = size
        self.shapes = shapes
        self.labelFrames = labelFrames
    }

    /// The arc of the open ring: from 135° clockwise through the top to 405°, leaving
    /// the 90° gap centred at the bottom.
    package static let openRingStart = 3 * Double.pi / 4
    package static let openRingSweep = 3 * Double.pi / 2

    private static func circular(kind: GaugeKind, fraction: Double, available: Size, labels: [GaugeLabelRole: Size]) -> GaugeLayout {
        let side = max(0, min(available.width, available.height))
        let k = side / 72
        let center = Point(x: side / 2, y: side / 2)
        let radius = 26 * k
        let stroke = 6 * k
        let inner = radius - stroke / 2
        var shapes: [GaugeShape] = []
        var frames: [GaugeLabelRole: Rect] = [:]
        func slot(_ cx: Double, _ cy: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
        }
        let centreSlot = slot(center.x, center.y, inner * 1.7, inner * 1.2)

        switch kind {
        case .accessoryCircular:
            // Minimum and maximum labels sit on the ring's end caps, as iOS draws them:
            // centred where the open ring would end (±0.707 r, 0.707 r from the centre),
            // the ring stopping short of each by half the label and a stroke's cap.
            let capX = radius * cos(openRingStart), capY = radius * sin(openRingStart)
            func trim(_ role: GaugeLabelRole) -> Double {
                guard let label = labels[role] else { return 0 }
                let reach = min(max(label.width, label.height * 0.8), radius * 0.62) / 2 + stroke / 2 + 0.5 * k
                return 2 * asin(min(1, reach / (2 * radius)))
            }
            let start = openRingStart + trim(.minimum), end = openRingStart + openRingSweep - trim(.maximum)
            shapes.append(.arc(center: center, radius: radius, startAngle: start, endAngle: end, lineWidth: stroke, paint: .track, tintRange: 0...1))
            let angle = start + fraction * (end - start)
            let marker = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            shapes.append(.cutout(center: marker, radius: 4.5 * k))
            shapes.append(.dot(center: marker, radius: 2.5 * k, paint: .marker))
            if labels[.currentValue] != nil { frames[.currentValue] = centreSlot }
            if labels[.minimum] != nil || labels[.maximum] != nil {
                if labels[.minimum] != nil { frames[.minimum] = slot(center.x + capX, center.y + capY, radius * 0.62, radius * 0.5) }
                if labels[.maximum] != nil { frames[.maximum] = slot(center.x - capX, center.y + capY, radius * 0.62, radius * 0.5) }
            } else if labels[.label] != nil {
                frames[.label] = slot(center.x, center.y + radius * 0.85, radius * 1.05, radius * 0.55)
            }
        default:
            shapes.append(.arc(center: center, radius: radius, startAngle: 0, endAngle: 2 * Double.pi, lineWidth: stroke, paint: .track, tintRange: 0...1))
            if fraction > 0 {
                let top = -Double.pi / 2
                shapes.append(.arc(center: center, radius: radius, startAngle: top, endAngle: top + fraction * 2 * Double.pi, lineWidth: stroke, paint: .fill, tintRange: 0...fraction))
            }
            if labels[.currentValue] != nil {
                frames[.currentValue] = centreSlot
            } else if labels[.label] != nil {
                frames[.label] = centreSlot
            }
        }
        // Centre the square in what was offered.
        let dx = (available.width - side) / 2, dy = (available.height - side) / 2
        return GaugeLayout(size: Size(width: side, height: side), shapes: shapes, labelFrames: frames)
            .offset(dx: max(0, dx), dy: max(0, dy), size: Size(width: max(side, available.width), height: max(side, available.height)))
    }

    private static func linear(kind: GaugeKind, fraction: Double, width: Double, unit k: Double, labels: [GaugeLabelRole: Size]) -> GaugeLayout {
        let thickness: Double =
            switch kind {
            case .accessoryLinear: 5 * k
            case .accessoryLinearCapacity: 8 * k
            default: 5 * k
            }
        let knob = 4 * k, halo = 5.5 * k
        let gap = 4 * k
        let rowHeight = max(kind == .accessoryLinear ? 2 * halo : thickness, labels[.minimum]?.height ?? 0, labels[.maximum]?.height ?? 0)
        var frames: [GaugeLabelRole: Rect] = [:]
        var y = 0.0
        if kind != .accessoryLinear, let label = labels[.label] {
            frames[.label] = Rect(x: 0, y: 0, width: min(label.width, width), height: label.height)
            y = label.height + 3 * k
        }
        // The bar row: optional leading and trailing labels around the track.
        var leading = 0.0, trailing = width
        let ends: [(GaugeLabelRole, Bool)] = [(.minimum, true), (.maximum, false)]
        for (role, isLeading) in ends {
            guard let s = labels[role] else { continue }
            let w = min(s.width, width / 3)
            let x = isLeading ? 0 : width - w
            frames[role] = Rect(x: x, y: y + (rowHeight - s.height) / 2, width: w, height: s.height)
            if isLeading { leading = w + gap } else { trailing = width - w - gap }
        }
        if kind == .accessoryLinear, labels[.minimum] == nil, labels[.maximum] == nil, let s = labels[.currentValue] {
            let w = min(s.width, width / 2)
            frames[.currentValue] = Rect(x: 0, y: y + (rowHeight - s.height) / 2, width: w, height: s.height)
            leading = w + gap
        }
        let cap = kind == .accessoryLinear ? halo : thickness / 2
        let midY = y + rowHeight / 2
        let from = Point(x: leading + cap, y: midY)
        let to = Point(x: max(leading + cap, trailing - cap), y: midY)
        let valueX = from.x + (to.x - from.x) * fraction
        var shapes: [GaugeShape] = [.bar(from: from, to: to, lineWidth: thickness, paint: .track, tintRange: 0...1)]
        if kind == .accessoryLinear {
            let marker = Point(x: valueX, y: midY)
            shapes.append(.cutout(center: marker, radius: halo))
            shapes.append(.dot(center: marker, radius: knob, paint: .marker))
        } else if fraction > 0 {
            shapes.append(.bar(from: from, to: Point(x: valueX, y: midY), lineWidth: thickness, paint: .fill, tintRange: 0...fraction))
        }
        y += rowHeight
        if kind != .accessoryLinear, let s = labels[.currentValue] {
            y += 3 * k
            frames[.currentValue] = Rect(x: 0, y: y, width: min(s.width, width), height: s.height)
            y += s.height
        }
        return GaugeLayout(size: Size(width: width, height: y), shapes: shapes, labelFrames: frames)
    }

    /// The same layout moved by (dx, dy) inside a container of `size`.
    private func offset(dx: Double, dy: Double, size: Size) -> GaugeLayout {
        let moved = shapes.map { shape -> GaugeShape in
            func m(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
            switch shape {
            case let .arc(c, r, s, e, w, p, t): return .arc(center: m(c), radius: r, startAngle: s, endAngle: e, lineWidth: w, paint: p, tintRange: t)
            case let .bar(a, b, w, p, t): return .bar(from: m(a), to: m(b), lineWidth: w, paint: p, tintRange: t)
            case let .dot(c, r, p): return .dot(center: m(c), radius: r, paint: p)
            case let .cutout(c, r): return .cutout(center: m(c), radius: r)
            }
        }
        return GaugeLayout(size: size, shapes: moved, labelFrames: labelFrames.mapValues { $0.offsetBy(dx: dx, dy: dy) })
    }
}
