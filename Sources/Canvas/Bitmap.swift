import CJPEGLoader
import CPangoCairo
import Glibc

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

    /// The most pixels a JPEG may have: a 16-megapixel photo; a larger one is refused
    /// before it is decoded.
    package static let maximumJPEGPixels = 1 << 24
    /// The largest JPEG file read.
    package static let maximumJPEGFileSize = 32 << 20

    /// Decodes a JPEG file (libjpeg-turbo, loaded on first use).
    package init(contentsOfJPEG path: String) throws(PNGError) {
        guard let data = Self.readFile(path, limit: Self.maximumJPEGFileSize) else {
            throw .cannotRead(path: path, reason: "not a readable regular file of at most \(Self.maximumJPEGFileSize >> 20) MiB")
        }
        try self.init(jpegData: data, name: path)
    }

    /// Decodes JPEG bytes; `name` says where they came from in an error.
    package init(jpegData data: [UInt8], name: String) throws(PNGError) {
        var image = CJPEGLoader_image()
        data.withUnsafeBufferPointer { CJPEGLoader_decode($0.baseAddress, $0.count, Int(Self.maximumJPEGPixels), &image) }
        defer { CJPEGLoader_free(&image) }
        guard image.ok != 0, let decoded = image.pixels else {
            throw .cannotRead(path: name, reason: withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        width = Int(image.width)
        height = Int(image.height)
        bytesPerRow = Int(image.stride)
        pixels = Array(UnsafeBufferPointer(start: decoded, count: bytesPerRow * height))
    }

    /// An image file by its extension: `.jpg` and `.jpeg` as JPEG, anything else as PNG.
    package init(contentsOfFile path: String) throws(PNGError) {
        let lower = path.lowercased()
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") {
            try self.init(contentsOfJPEG: path)
        } else {
            try self.init(contentsOfPNG: path)
        }
    }

    /// A regular file's bytes, nil when it is missing, not regular or over `limit`.
    private static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }

    package var size: Size { Size(width: Double(width), height: Double(height)) }
}
