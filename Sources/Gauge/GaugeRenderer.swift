import Canvas

/// Draws a gauge's shapes: the last, thin step after `GaugeLayout` decided everything.
package enum GaugeRenderer {
    /// How opaque a solid-colour track is drawn, so the value stands out against it.
    package static let trackOpacity = 0.32

    /// Draws `layout` with its origin at `origin`. A cut-out must clear the track beneath
    /// it but nothing behind the gauge, so the pixels around a marker's cut-out are drawn
    /// as one group (a translucent gauge, or one of several cut-outs, as a whole); every
    /// other pixel (a capacity ring and its value whole) straight onto the canvas: shapes
    /// drawn over one another there make the pixels a group would, without a surface of
    /// the gauge's size cleared and composited (docs/PERFORMANCE.md).
    package static func draw(
        _ layout: GaugeLayout, at origin: Point, tint: GaugeTint, marker: RGBA, opacity: Double = 1,
        on canvas: inout Canvas
    ) {
        let cutouts = layout.shapes.compactMap { shape -> Rect? in
            guard case let .cutout(center, radius) = shape else { return nil }
            return Rect(x: origin.x + center.x - radius, y: origin.y + center.y - radius, width: 2 * radius, height: 2 * radius)
        }
        guard opacity < 1 || !cutouts.isEmpty else { return drawShapes(layout, at: origin, tint: tint, marker: marker, on: &canvas) }
        if opacity >= 1, cutouts.count == 1 {
            // One cut-out (a marker's halo): only the pixels around it need the layer.
            // Outside them the shapes go straight onto the canvas (the cut-out's clearing
            // falls inside, clipped away); inside, the layer as before.
            canvas.withClip(outside: cutouts[0]) { drawShapes(layout, at: origin, tint: tint, marker: marker, on: &$0) }
            canvas.withLayer(within: cutouts[0]) { drawShapes(layout, at: origin, tint: tint, marker: marker, on: &$0) }
            return
        }
        canvas.withLayer(opacity: opacity, within: layout.inkBounds(at: origin)) { canvas in
            drawShapes(layout, at: origin, tint: tint, marker: marker, on: &canvas)
        }
    }

    /// The shapes of `layout`, in order, onto `canvas` as it is.
    private static func drawShapes(_ layout: GaugeLayout, at origin: Point, tint: GaugeTint, marker: RGBA, on canvas: inout Canvas) {
        func m(_ p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y) }
        for shape in layout.shapes {
            switch shape {
            case let .arc(center, radius, start, end, width, paint, range):
                let c = m(center)
                // A solid track is the same at every update: its coverage is kept.
                let reusable = paint == .track && !tint.isGradient
                strokeSegments(tint: tint, paint: paint, range: range, segments: segmentCount(end - start)) { a, b, color, cap in
                    let a0 = start + (end - start) * a, a1 = start + (end - start) * b
                    canvas.strokeArc(center: c, radius: radius, startAngle: a0, endAngle: a1, lineWidth: width, lineCap: cap, color: color, reusable: reusable)
                }
            case let .bar(from, to, width, paint, range):
                let (p, q) = (m(from), m(to))
                strokeSegments(tint: tint, paint: paint, range: range, segments: 24) { a, b, color, cap in
                    canvas.strokeLine(
                        from: Point(x: p.x + (q.x - p.x) * a, y: p.y), to: Point(x: p.x + (q.x - p.x) * b, y: q.y),
                        lineWidth: width, lineCap: cap, color: color)
                }
            case let .dot(center, radius, _):
                canvas.fillCircle(center: m(center), radius: radius, color: marker)
            case let .cutout(center, radius):
                canvas.eraseCircle(center: m(center), radius: radius)
            }
        }
    }

    private static func segmentCount(_ sweep: Double) -> Int { max(8, Int(sweep / (Double.pi / 48))) }

    /// Strokes a shape either in one piece (a solid colour) or, for a gradient tint, in
    /// short butt-capped pieces each in the tint at its place on the scale, with round
    /// caps drawn once at the two ends.
    private static func strokeSegments(
        tint: GaugeTint, paint: GaugeShape.Paint, range: ClosedRange<Double>, segments: Int,
        _ stroke: (Double, Double, RGBA, Canvas.LineCap) -> Void
    ) {
        guard tint.isGradient else {
            let color = paint == .track ? tint.colors[0].multiplyingAlpha(trackOpacity) : tint.colors[0]
            stroke(0, 1, color, .round)
            return
        }
        let position = { (t: Double) in range.lowerBound + (range.upperBound - range.lowerBound) * t }
        // Round ends first, as zero-length pieces, then the body over them.
        stroke(0, 0.0001, tint.color(at: position(0)), .round)
        stroke(0.9999, 1, tint.color(at: position(1)), .round)
        let overlap = 0.35 / Double(segments)
        for i in 0..<segments {
            let a = Double(i) / Double(segments), b = Double(i + 1) / Double(segments)
            stroke(a, min(1, b + overlap), tint.color(at: position((a + b) / 2)), .butt)
        }
    }
}
