import CPangoCairo
import Glibc

extension Bitmap {
    /// Decodes a picture from outside — a file of a folder, a web server's answer — by
    /// what its bytes are, not by a name: PNG or JPEG, at most `maximumJPEGPixels`
    /// pixels whatever the format, kept no larger than needed to cover `leastSide` ×
    /// `leastSide` (0 keeps every pixel), so a 16-megapixel photo for a 200-pixel widget
    /// holds 200-odd pixels a side, not 64 MB.
    package init(imageData data: [UInt8], name: String, leastSide: Int = 0) throws(PNGError) {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            try self.init(jpegData: data, name: name, leastSide: leastSide)
        } else if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            try self.init(pngData: data, name: name)
        } else {
            throw .cannotRead(path: name, reason: "neither PNG nor JPEG")
        }
        if leastSide > 0 { self = shrunk(toCover: leastSide) }
    }

    /// A PNG or JPEG file, read whole (at most `maximumJPEGFileSize`) and decoded as
    /// `init(imageData:name:leastSide:)` does.
    package init(contentsOfImage path: String, leastSide: Int = 0) throws(PNGError) {
        guard let data = RegularFile.read(path, limit: Self.maximumJPEGFileSize) else {
            throw .cannotRead(path: path, reason: "not a readable regular file of at most \(Self.maximumJPEGFileSize >> 20) MiB")
        }
        try self.init(imageData: data, name: path, leastSide: leastSide)
    }

    /// Decodes PNG bytes through Cairo, refusing a picture over `maximumJPEGPixels` by
    /// its header before anything is decoded.
    init(pngData data: [UInt8], name: String) throws(PNGError) {
        // The IHDR chunk comes first: width and height, big-endian, at bytes 16 and 20.
        guard data.count >= 24 else { throw .cannotRead(path: name, reason: "a PNG cut short") }
        func word(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (w, h) = (word(16), word(20))
        guard w > 0, h > 0, w <= 1 << 16, h <= 1 << 16, w * h <= Self.maximumJPEGPixels else {
            throw .cannotRead(path: name, reason: "the PNG is \(w) × \(h) pixels, more than \(Self.maximumJPEGPixels)")
        }
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                guard let buffer, reader.bytes.count - reader.offset >= count else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { source in
                    buffer.update(from: source.baseAddress! + reader.offset, count: count)
                }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotRead(path: name, reason: String(cString: cairo_status_to_string(status)))
        }
        self = Self.copying(surface)
    }

    /// The same picture scaled down (never up) until its shorter side is `side` pixels:
    /// enough to cover a `side` × `side` square, cropped or not.
    package func shrunk(toCover side: Int) -> Bitmap {
        let shorter = min(width, height)
        guard side > 0, shorter > side else { return self }
        let scale = Double(side) / Double(shorter)
        let w = max(1, Int((Double(width) * scale).rounded())), h = max(1, Int((Double(height) * scale).rounded()))
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
        defer { cairo_surface_destroy(target) }
        withSurface { source in
            let cr = cairo_create(target)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, source, 0, 0)
            // GOOD averages every source pixel when shrinking (pixman's box filter).
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        return Self.copying(target)
    }

    /// Lends the pixels to Cairo as a read-only source surface, without copying them.
    package func withSurface(_ body: (OpaquePointer?) -> Void) {
        guard width > 0, height > 0 else { return }
        pixels.withUnsafeBufferPointer { buffer in
            // Cairo only reads a source surface; the pixels are never written through it.
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: buffer.baseAddress!), CAIRO_FORMAT_ARGB32,
                Int32(width), Int32(height), Int32(bytesPerRow))
            defer { cairo_surface_destroy(surface) }
            body(surface)
        }
    }

    /// An image surface of any layout as ARGB32 pixels, so drawing has one path.
    static func copying(_ surface: OpaquePointer?) -> Bitmap {
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)
        defer { cairo_surface_destroy(argb) }
        let cr = cairo_create(argb)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(argb)
        let stride = Int(cairo_image_surface_get_stride(argb))
        let pixels = Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(argb)!, count: stride * Int(h)))
        return Bitmap(width: Int(w), height: Int(h), bytesPerRow: stride, pixels: pixels)
    }
}
