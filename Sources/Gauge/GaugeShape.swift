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
