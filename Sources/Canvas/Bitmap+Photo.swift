import CJPEGLoader
import CPangoCairo
import Glibc

extension Bitmap {
    /// Decodes a picture from outside — a file of a folder, a web server's answer — by
    /// what its bytes are, not by a name: a JPEG of at most `maximumJPEGPixels` or a PNG
    /// of at most `maximumPNGPixels`, refused by the size its header declares before
    /// anything is decoded, and kept no larger than needed to cover `leastSide` ×
    /// `leastSide` (0 keeps every pixel), so a 16-megapixel photo for a 200-pixel widget
    /// holds 200-odd pixels a side, not 64 MB. `stop` ends the decode early with an error.
    package init(imageData data: [UInt8], name: String, leastSide: Int = 0, stop: DecodeStop? = nil) throws(PNGError) {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            try self.init(jpegData: data, name: name, leastSide: leastSide, stop: stop)
            if leastSide > 0 { self = shrunk(toCover: leastSide) }
        } else if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            try self.init(pngData: data, name: name, leastSide: leastSide, stop: stop)
        } else {
            throw .cannotRead(path: name, reason: "neither PNG nor JPEG")
        }
    }

    /// A PNG or JPEG file, read whole (at most `maximumJPEGFileSize`) and decoded as
    /// `init(imageData:name:leastSide:)` does.
    package init(contentsOfImage path: String, leastSide: Int = 0, stop: DecodeStop? = nil) throws(PNGError) {
        guard let data = RegularFile.read(path, limit: Self.maximumJPEGFileSize) else {
            throw .cannotRead(path: path, reason: "not a readable regular file of at most \(Self.maximumJPEGFileSize >> 20) MiB")
        }
        try self.init(imageData: data, name: path, leastSide: leastSide, stop: stop)
    }

    /// The most pixels a PNG may declare: a 4K screen's screenshot. Cairo decodes a PNG
    /// whole, 4 bytes a pixel, so this bounds what a small file that claims a large
    /// picture can make the daemon hold (32 MiB while decoding).
    package static let maximumPNGPixels = 1 << 23

    /// Decodes PNG bytes through Cairo, refusing a picture over `maximumPNGPixels` by its
    /// header before anything is decoded, and shrinking it to cover `leastSide` straight
    /// from Cairo's surface (no full-size copy is made).
    init(pngData data: [UInt8], name: String, leastSide: Int = 0, stop: DecodeStop? = nil) throws(PNGError) {
        // The IHDR chunk comes first: width and height, big-endian, at bytes 16 and 20.
        guard data.count >= 24 else { throw .cannotRead(path: name, reason: "a PNG cut short") }
        func word(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (w, h) = (word(16), word(20))
        guard w > 0, h > 0, w <= 1 << 16, h <= 1 << 16, w * h <= Self.maximumPNGPixels else {
            throw .cannotRead(path: name, reason: "the PNG is \(w) × \(h) pixels, more than \(Self.maximumPNGPixels)")
        }
        final class Reader {
            let bytes: [UInt8]
            let stop: DecodeStop?
            var offset = 0
            init(_ bytes: [UInt8], stop: DecodeStop?) {
                self.bytes = bytes
                self.stop = stop
            }
        }
        let reader = Reader(data, stop: stop)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                // Cairo reads as libpng asks, chunk by chunk: a cancelled decode ends here.
                if let stop = reader.stop, stop.flag.pointee.cancelled != 0 { return CAIRO_STATUS_READ_ERROR }
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
            throw .cannotRead(path: name, reason: stop?.flag.pointee.cancelled == 1 ? "decoding stopped: it took too long or was no longer wanted" : String(cString: cairo_status_to_string(status)))
        }
        self = Self.shrinking(surface, toCover: leastSide)
    }

    /// The same picture scaled down (never up) until its shorter side is `side` pixels:
    /// enough to cover a `side` × `side` square, cropped or not.
    package func shrunk(toCover side: Int) -> Bitmap {
        guard side > 0, min(width, height) > side else { return self }
        var result = self
        withSurface { result = Self.shrinking($0, toCover: side) }
        return result
    }

    /// An image surface's pixels, scaled down (never up) until the shorter side is `side`
    /// (0: as they are).
    static func shrinking(_ source: OpaquePointer?, toCover side: Int) -> Bitmap {
        let width = Int(cairo_image_surface_get_width(source)), height = Int(cairo_image_surface_get_height(source))
        let shorter = min(width, height)
        guard side > 0, shorter > side else { return copying(source) }
        let scale = Double(side) / Double(shorter)
        let w = max(1, Int((Double(width) * scale).rounded())), h = max(1, Int((Double(height) * scale).rounded()))
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, source, 0, 0)
        // GOOD averages every source pixel when shrinking (pixman's box filter).
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        return copying(target)
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
