import CPangoCairo

/// A decoded image with alpha (Cairo's premultiplied ARGB32), drawn scaled into
/// rectangles: the pixels behind `Image("name")` and PNG icons.
package struct Bitmap: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    package let pixels: [UInt8]

    /// Decodes a PNG file.
    package init(contentsOfPNG path: String) throws(PNGError) {
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotRead(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        // Normalise to ARGB32 so drawing has one path whatever the PNG's own layout.
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)
        defer { cairo_surface_destroy(argb) }
        let cr = cairo_create(argb)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(argb)
        width = Int(w)
        height = Int(h)
        bytesPerRow = Int(cairo_image_surface_get_stride(argb))
        let data = cairo_image_surface_get_data(argb)!
        pixels = Array(UnsafeBufferPointer(start: data, count: bytesPerRow * height))
    }

    package var size: Size { Size(width: Double(width), height: Double(height)) }
}
