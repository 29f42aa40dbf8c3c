import CPangoCairo

extension Canvas {
    /// The most pixels one picture is diffused over (4096 × 4096).
    static let maximumDiffusedPixels = 1 << 24

    /// Draws `bitmap` into `rect` error-diffused over `inks`: resampled to the device
    /// pixels `rect` covers (its edges snapped to whole pixels), diffused there, then
    /// painted pixel for pixel (and clipped as any drawing is). False, having drawn
    /// nothing, where the place is turned or skewed, or empty.
    func drawDiffused(_ bitmap: Bitmap, in rect: Rect, inks: PictureInks) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0, !rect.isEmpty else { return false }
        var (left, top, right, bottom) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        cairo_user_to_device(context, &left, &top)
        cairo_user_to_device(context, &right, &bottom)
        guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite,
              abs(left) < 1e6, abs(top) < 1e6, abs(right) < 1e6, abs(bottom) < 1e6 else { return false }
        let x = Int(left.rounded()), y = Int(top.rounded())
        let width = Int(right.rounded()) - x, height = Int(bottom.rounded()) - y
        guard width > 0, height > 0, width * height <= Self.maximumDiffusedPixels else { return false }
        // The picture resampled as it would be drawn, on its own pixels.
        var picture = Frame(width: width, height: height, fill: 0)
        picture.draw { canvas in
            canvas.draw(bitmap, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        }
        let stride = picture.bytesPerRow
        picture.pixels.withUnsafeMutableBytes { inks.diffuse($0, width: width, height: height, stride: stride) }
        // Painted pixel for pixel at its device position: opaque XRGB as Cairo's ARGB32.
        for i in Swift.stride(from: 3, to: picture.pixels.count, by: 4) { picture.pixels[i] = 255 }
        let diffused = Bitmap(width: width, height: height, bytesPerRow: stride, pixels: picture.pixels)
        diffused.withSurface { surface in
            cairo_save(context)
            cairo_identity_matrix(context)
            cairo_set_source_surface(context, surface, Double(x), Double(y))
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_NEAREST)
            cairo_rectangle(context, Double(x), Double(y), Double(width), Double(height))
            cairo_clip(context)
            cairo_paint(context)
            cairo_restore(context)
        }
        return true
    }
}
