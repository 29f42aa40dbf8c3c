import CJPEGLoader
import CPangoCairo
import Glibc

/// A decoded image with alpha (Cairo's premultiplied ARGB32), drawn scaled into
/// rectangles: the pixels behind `Image("name")` and PNG icons.
package struct Bitmap: Sendable, Hashable {
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
        self = Self.copying(surface)
    }

    init(width: Int, height: Int, bytesPerRow: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.pixels = pixels
    }

    /// The most pixels a JPEG may have: a 16-megapixel photo; a larger one is refused
    /// before it is decoded.
    package static let maximumJPEGPixels = 1 << 24
    /// The largest JPEG file read.
    package static let maximumJPEGFileSize = 32 << 20

    /// Decodes a JPEG file (libjpeg-turbo, loaded on first use).
    package init(contentsOfJPEG path: String) throws(PNGError) {
        guard let data = RegularFile.read(path, limit: Self.maximumJPEGFileSize) else {
            throw .cannotRead(path: path, reason: "not a readable regular file of at most \(Self.maximumJPEGFileSize >> 20) MiB")
        }
        try self.init(jpegData: data, name: path)
    }

    /// Decodes JPEG bytes; `name` says where they came from in an error. With
    /// `leastSide` > 0 libjpeg shrinks the picture while decoding, keeping both sides at
    /// least that long. `stop` ends the decode early with an error.
    package init(jpegData data: [UInt8], name: String, leastSide: Int = 0, stop: DecodeStop? = nil) throws(PNGError) {
        var image = CJPEGLoader_image()
        withExtendedLifetime(stop) {
            data.withUnsafeBufferPointer { CJPEGLoader_decode($0.baseAddress, $0.count, Int(Self.maximumJPEGPixels), Int32(clamping: leastSide), stop?.flag, &image) }
        }
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

    package var size: Size { Size(width: Double(width), height: Double(height)) }

    /// Equal pictures have equal sizes and pixels; hashing the size alone keeps a photo's
    /// megabytes out of every hash.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
    }
}
