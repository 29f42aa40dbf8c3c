import Canvas

/// One drawing step of a gauge, described as a value so geometry is testable
/// before any pixel is touched.
package enum GaugeShape: Hashable, Sendable {
    /// Which colour a shape takes: the dimmed track, the tint at the value's end of the
    /// scale, or the marker's foreground.
    package enum Paint: Hashable, Sendable {
        case track
        case fill
        case marker
    }

    /// A circular arc, angles clockwise from +x in radians, round caps. `tintRange` is
    /// the part of the tint gradient the arc spans (0...1 along the scale).
    case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, lineWidth: Double, paint: Paint, tintRange: ClosedRange<Double>)
    /// A straight round-capped bar from one centre point to another.
    case bar(from: Point, to: Point, lineWidth: Double, paint: Paint, tintRange: ClosedRange<Double>)
    /// A filled disc.
    case dot(center: Point, radius: Double, paint: Paint)
    /// A transparent disc cut out of what was drawn before it.
    case cutout(center: Point, radius: Double)
}

extension GaugeShape {
    /// A box around what the shape paints, moved by `origin`; nil for a cut-out, which
    /// only clears. An arc's box is its whole circle's.
    func inkBounds(at origin: Point) -> Rect? {
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ reach: Double) -> Rect {
            Rect(x: origin.x + x0 - reach, y: origin.y + y0 - reach, width: x1 - x0 + 2 * reach, height: y1 - y0 + 2 * reach)
        }
        switch self {
        case let .arc(center, radius, _, _, lineWidth, _, _):
            return box(center.x, center.y, center.x, center.y, radius + lineWidth / 2)
        case let .bar(from, to, lineWidth, _, _):
            return box(min(from.x, to.x), min(from.y, to.y), max(from.x, to.x), max(from.y, to.y), lineWidth / 2)
        case let .dot(center, radius, _):
            return box(center.x, center.y, center.x, center.y, radius)
        case .cutout:
            return nil
        }
    }
}

extension GaugeLayout {
    /// A box around everything the shapes paint, moved by `origin` (nil when they paint
    /// nothing), one pixel wider on each side for anti-aliasing.
    package func inkBounds(at origin: Point) -> Rect? {
        let boxes = shapes.compactMap { $0.inkBounds(at: origin) }
        guard let x0 = boxes.map(\.minX).min(), let y0 = boxes.map(\.minY).min(),
              let x1 = boxes.map(\.maxX).max(), let y1 = boxes.map(\.maxY).max() else { return nil }
        return Rect(x: x0 - 1, y: y0 - 1, width: x1 - x0 + 2, height: y1 - y0 + 2)
    }
}
