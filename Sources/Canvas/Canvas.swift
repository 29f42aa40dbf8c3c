import CPangoCairo

/// Draws anti-aliased shapes, text and images into a `Frame` through Cairo.
///
/// A canvas lives only inside `Frame.draw`; it holds the Cairo context that frame's
/// pixels are being drawn through. All coordinates are in pixels.
package struct Canvas {
    let context: OpaquePointer
    /// The inks pictures are error-diffused over as they are drawn; nil to draw them as
    /// they are (a colour screen).
    package var pictureInks: PictureInks?

    init(context: OpaquePointer, pictureInks: PictureInks? = nil) {
        self.context = context
        self.pictureInks = pictureInks
        cairo_set_antialias(context, CAIRO_ANTIALIAS_GRAY)
    }

    /// How the ends of open strokes look.
    package enum LineCap: Sendable {
        case butt, round
    }

    private func setColor(_ color: RGBA) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// Runs `body` with the drawing state (transform, clip, source) saved and restored.
    package mutating func withSavedState<R>(_ body: (inout Canvas) throws -> R) rethrows -> R {
        cairo_save(context)
        defer { cairo_restore(context) }
        return try body(&self)
    }

    /// Moves the origin of later drawing until the saved state is restored.
    package func translate(x: Double, y: Double) {
        cairo_translate(context, x, y)
    }

    /// Scales later drawing (points to pixels) until the saved state is restored.
    package func scale(by factor: Double) {
        cairo_scale(context, factor, factor)
    }

    /// Scales later drawing by different factors across and down.
    package func scale(x: Double, y: Double) {
        cairo_scale(context, x == 0 ? 1e-6 : x, y == 0 ? 1e-6 : y)
    }

    /// Turns later drawing by `radians`, clockwise on screen, about the origin.
    package func rotate(by radians: Double) {
        cairo_rotate(context, radians)
    }

    /// Limits later drawing to `rect` until the saved state is restored.
    package func clip(to rect: Rect) {
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(context)
    }

    /// Clips to a rectangle with circular corners.
    package func clip(to rect: Rect, cornerRadius: Double) {
        addRoundedRect(rect, cornerRadius: cornerRadius)
        cairo_clip(context)
    }

    /// Draws `body` at `opacity`: overlapping shapes inside do not show through each
    /// other, as in SwiftUI. Fully opaque content is drawn directly.
    package mutating func withOpacity(_ opacity: Double, _ body: (inout Canvas) throws -> Void) rethrows {
        guard opacity < 1 else { return try body(&self) }
        try withLayer(opacity: opacity, body)
    }

    /// Draws `body` into an offscreen layer and composites it at `opacity`, so that
    /// clearing inside the layer (a cut-out) reveals what is behind it, not a hole.
    ///
    /// With `bounds` (in the current coordinates), the layer covers only the whole pixels
    /// around them, and what `body` draws outside is lost: a layer costs its area twice
    /// (cleared, then composited), and a small shape's need not be the whole clip's.
    package mutating func withLayer(opacity: Double = 1, within bounds: Rect? = nil, _ body: (inout Canvas) throws -> Void) rethrows {
        cairo_save(context)
        defer { cairo_restore(context) }
        if let bounds { clipToPixels(around: bounds) }
        cairo_push_group(context)
        try body(&self)
        cairo_pop_group_to_source(context)
        cairo_paint_with_alpha(context, max(0, opacity))
    }

    /// Draws `body` clipped to everything but the whole device pixels that hold `rect`:
    /// with `withLayer(within: rect)` the two cover the canvas without a seam, so a shape
    /// drawn once each way is whole.
    package mutating func withClip(outside rect: Rect, _ body: (inout Canvas) throws -> Void) rethrows {
        cairo_save(context)
        defer { cairo_restore(context) }
        let hole = devicePixels(around: rect)
        inDeviceSpace {
            var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
            cairo_clip_extents(context, &x0, &y0, &x1, &y1)
            let (left, top) = (min(x0.rounded(.down), hole.minX), min(y0.rounded(.down), hole.minY))
            cairo_rectangle(context, left, top, max(x1.rounded(.up), hole.maxX) - left, max(y1.rounded(.up), hole.maxY) - top)
            cairo_rectangle(context, hole.minX, hole.minY, hole.width, hole.height)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_clip(context)
        }
        try body(&self)
    }

    /// Clips to the whole device pixels that hold `rect`, so the clip has no soft edge.
    private func clipToPixels(around rect: Rect) {
        let pixels = devicePixels(around: rect)
        inDeviceSpace {
            cairo_rectangle(context, pixels.minX, pixels.minY, pixels.width, pixels.height)
            cairo_clip(context)
        }
    }

    /// The whole device pixels that hold `rect`, given in the current coordinates.
    private func devicePixels(around rect: Rect) -> Rect {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            var (dx, dy) = (x, y)
            cairo_user_to_device(context, &dx, &dy)
            (minX, minY, maxX, maxY) = (min(minX, dx), min(minY, dy), max(maxX, dx), max(maxY, dy))
        }
        let (left, top) = (minX.rounded(.down), minY.rounded(.down))
        return Rect(x: left, y: top, width: maxX.rounded(.up) - left, height: maxY.rounded(.up) - top)
    }

    /// Runs `body` with the identity transform (device pixels), then puts the transform back.
    private func inDeviceSpace(_ body: () -> Void) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_identity_matrix(context)
        body()
        cairo_set_matrix(context, &matrix)
    }

    /// Draws `body` as a cut-out: what it draws removes what is under it (within the
    /// current layer), as a prominent button's label is cut out of its capsule.
    package mutating func withKnockout(_ body: (inout Canvas) throws -> Void) rethrows {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
        defer { cairo_restore(context) }
        try body(&self)
    }

    /// Fills the whole target with one colour, replacing what was there.
    package func clear(_ color: RGBA) {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        setColor(color)
        cairo_paint(context)
        cairo_restore(context)
    }

    package func fill(_ rect: Rect, color: RGBA) {
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        setColor(color)
        cairo_fill(context)
    }

    /// Fills a rectangle with circular corners of `radius` (clamped to half the short side).
    package func fillRoundedRect(_ rect: Rect, cornerRadius: Double, color: RGBA) {
        addRoundedRect(rect, cornerRadius: cornerRadius)
        setColor(color)
        cairo_fill(context)
    }

    /// Strokes the outline of a rounded rectangle, the line centred on the edge.
    package func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double, color: RGBA) {
        addRoundedRect(rect, cornerRadius: cornerRadius)
        stroke(lineWidth: lineWidth, lineCap: .butt, color: color)
    }

    /// Strokes a circle, the line centred on it.
    package func strokeCircle(center: Point, radius: Double, lineWidth: Double, color: RGBA) {
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        stroke(lineWidth: lineWidth, lineCap: .butt, color: color)
    }

    private func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        cairo_new_sub_path(context)
        cairo_arc(context, x1 - r, y0 + r, r, -Double.pi / 2, 0)
        cairo_arc(context, x1 - r, y1 - r, r, 0, Double.pi / 2)
        cairo_arc(context, x0 + r, y1 - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, x0 + r, y0 + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    package func fillCircle(center: Point, radius: Double, color: RGBA) {
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        setColor(color)
        cairo_fill(context)
    }

    /// Clears a disc to transparent inside an opacity group: the cut-out halo around a
    /// gauge's marker, so the track does not run through the dot.
    package func eraseCircle(center: Point, radius: Double) {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_fill(context)
        cairo_restore(context)
    }

    /// Strokes a circular arc. Angles are in radians, clockwise from the positive x axis
    /// (screen coordinates), from `startAngle` to `endAngle`. A `reusable` arc, one drawn
    /// again and again unchanged such as a gauge's track, is rasterized once and kept as a
    /// coverage mask (`ArcMaskCache`).
    package func strokeArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double,
        lineWidth: Double, lineCap: LineCap = .round, color: RGBA, reusable: Bool = false
    ) {
        guard endAngle > startAngle else { return }
        if reusable, strokeArcThroughMask(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, lineWidth: lineWidth, lineCap: lineCap, color: color) {
            return
        }
        cairo_new_path(context)
        addArc(center: center, radius: radius, from: startAngle, to: endAngle)
        stroke(lineWidth: lineWidth, lineCap: lineCap, color: color)
    }

    /// Adds an arc to the path in pieces cut on a fixed grid of angles: Cairo approximates
    /// an arc with Bézier segments chosen from its whole sweep, so a ring that grows by a
    /// degree would otherwise be drawn anew all round (a level of anti-aliasing
    /// everywhere), and the damage would cover the ring instead of its moving end.
    private func addArc(center: Point, radius: Double, from startAngle: Double, to endAngle: Double) {
        let grid = Double.pi / 16
        var from = startAngle
        while from < endAngle {
            // The next grid line strictly after `from` (at a line, floating point can name `from` again).
            var next = ((from / grid).rounded(.down) + 1) * grid
            if next <= from { next += grid }
            let to = min(endAngle, next)
            cairo_arc(context, center.x, center.y, radius, from, to)
            from = to
        }
    }

    /// `strokeArc` through a kept coverage mask in device pixels; false when the
    /// transform is more than a uniform scale and a translation, which such a mask
    /// cannot follow.
    private func strokeArcThroughMask(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, lineWidth: Double, lineCap: LineCap, color: RGBA
    ) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx == matrix.yy, matrix.xx > 0 else { return false }
        var (x, y) = (center.x, center.y)
        cairo_user_to_device(context, &x, &y)
        let (pixelX, pixelY) = (x.rounded(.down), y.rounded(.down))
        let key = ArcMaskCache.Key(
            fractionX: x - pixelX, fractionY: y - pixelY, radius: radius * matrix.xx, lineWidth: lineWidth * matrix.xx,
            start: startAngle, end: endAngle, roundCap: lineCap == .round)
        let mask = ArcMaskCache.mask(for: key) { Self.rasterize(key) }
        mask.coverage.withUnsafeBufferPointer { bytes in
            // Cairo only reads a mask source.
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: bytes.baseAddress!), CAIRO_FORMAT_A8, Int32(mask.width), Int32(mask.height), Int32(mask.stride))
            cairo_save(context)
            cairo_identity_matrix(context)
            setColor(color)
            cairo_mask_surface(context, surface, pixelX + Double(mask.offsetX), pixelY + Double(mask.offsetY))
            cairo_restore(context)
            cairo_surface_destroy(surface)
        }
        return true
    }

    /// The coverage of the arc `key` describes, stroked as `strokeArc` strokes it, in
    /// device pixels around the pixel holding its centre.
    private static func rasterize(_ key: ArcMaskCache.Key) -> ArcMaskCache.Mask {
        let reach = key.radius + key.lineWidth / 2 + 2
        let left = Int((key.fractionX - reach).rounded(.down)), top = Int((key.fractionY - reach).rounded(.down))
        let width = Int((key.fractionX + reach).rounded(.up)) - left, height = Int((key.fractionY + reach).rounded(.up)) - top
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        var coverage = [UInt8](repeating: 0, count: stride * height)
        coverage.withUnsafeMutableBufferPointer { bytes in
            let surface = cairo_image_surface_create_for_data(bytes.baseAddress!, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride))
            let context = cairo_create(surface)!
            Canvas(context: context).strokeArc(
                center: Point(x: key.fractionX - Double(left), y: key.fractionY - Double(top)), radius: key.radius,
                startAngle: key.start, endAngle: key.end, lineWidth: key.lineWidth, lineCap: key.roundCap ? .round : .butt, color: .white)
            cairo_destroy(context)
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        return ArcMaskCache.Mask(width: width, height: height, stride: stride, offsetX: left, offsetY: top, coverage: coverage)
    }

    package func strokeLine(from a: Point, to b: Point, lineWidth: Double, lineCap: LineCap = .round, color: RGBA) {
        cairo_new_path(context)
        cairo_move_to(context, a.x, a.y)
        cairo_line_to(context, b.x, b.y)
        stroke(lineWidth: lineWidth, lineCap: lineCap, color: color)
    }

    private func stroke(lineWidth: Double, lineCap: LineCap, color: RGBA) {
        cairo_set_line_width(context, lineWidth)
        cairo_set_line_cap(context, lineCap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        setColor(color)
        cairo_stroke(context)
    }

    /// Draws a laid-out text with its top-left corner at `origin`.
    package func draw(_ text: TextLayout, at origin: Point, color: RGBA) {
        text.withPangoLayout { layout in
            cairo_save(context)
            setColor(color)
            // The layout was shaped at the shaping size: drawn scaled to the style's, Cairo
            // renders its glyphs at the style's size.
            cairo_translate(context, origin.x - text.inkOffset.x, origin.y - text.inkOffset.y)
            cairo_scale(context, text.style.shapingScale, text.style.shapingScale)
            cairo_move_to(context, 0, 0)
            pango_cairo_show_layout(context, layout)
            cairo_restore(context)
        }
    }

    /// Draws a bitmap scaled to fill `rect`: on a panel of few inks (`pictureInks`), an
    /// opaque picture in an upright place is error-diffused over them within its own
    /// rectangle.
    package func draw(_ bitmap: Bitmap, in rect: Rect, opacity: Double = 1) {
        if let pictureInks, opacity >= 1, drawDiffused(bitmap, in: rect, inks: pictureInks) { return }
        withBitmapSurface(bitmap, scaledInto: rect) { surface in
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            // Edge pixels are repeated outward for the filter, then the picture's own
            // rectangle is painted: without it, its borders fade into what lies behind.
            cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
            cairo_rectangle(context, 0, 0, Double(bitmap.width), Double(bitmap.height))
            cairo_clip(context)
            cairo_paint_with_alpha(context, opacity)
        }
    }

    /// Draws a bitmap's alpha as a mask painted in `color`: a template image.
    package func draw(_ bitmap: Bitmap, maskIn rect: Rect, color: RGBA) {
        withBitmapSurface(bitmap, scaledInto: rect) { surface in
            setColor(color)
            cairo_mask_surface(context, surface, 0, 0)
        }
    }

    /// Wraps the bitmap's pixels in a Cairo surface, with the transform set so that the
    /// surface's pixel grid maps onto `rect`.
    private func withBitmapSurface(_ bitmap: Bitmap, scaledInto rect: Rect, _ body: (OpaquePointer?) -> Void) {
        guard !rect.isEmpty else { return }
        bitmap.withSurface { surface in
            cairo_save(context)
            cairo_translate(context, rect.minX, rect.minY)
            cairo_scale(context, rect.width / Double(bitmap.width), rect.height / Double(bitmap.height))
            body(surface)
            cairo_restore(context)
        }
    }
}
