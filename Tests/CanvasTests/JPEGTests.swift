import Foundation
import TestSupport
import Testing
@testable import Canvas

/// JPEG pictures (`Image("photo")` with a `.jpg`), decoded by libjpeg-turbo loaded on first use.
@Suite("JPEG")
struct JPEGTests {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/gradient.jpg").path

    @Test("a JPEG decodes to its size and colours, opaque")
    func decodes() throws {
        let bitmap = try Bitmap(contentsOfFile: fixture)
        #expect(bitmap.width == 48 && bitmap.height == 32)
        func pixel(_ x: Int, _ y: Int) -> (b: UInt8, g: UInt8, r: UInt8, a: UInt8) {
            let i = y * bitmap.bytesPerRow + x * 4
            return (bitmap.pixels[i], bitmap.pixels[i + 1], bitmap.pixels[i + 2], bitmap.pixels[i + 3])
        }
        // Red on the left, blue on the right, as the fixture was made.
        #expect(pixel(1, 16).r > 200 && pixel(1, 16).b < 40 && pixel(1, 16).a == 255)
        #expect(pixel(46, 16).b > 200 && pixel(46, 16).r < 40)
    }

    @Test("a broken, huge or missing JPEG is an error, never a crash")
    func refuses() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture))
        let folder = try TemporaryFolder("jpeg")
        defer { folder.remove() }
        let dir = folder.url
        // Cut off after its headers.
        try data.prefix(200).write(to: dir.appendingPathComponent("cut.jpg"))
        // A frame header claiming 65,000 × 65,000 pixels: refused before decoding.
        var huge = [UInt8](data)
        let sof = try #require(huge.indices.first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
        (huge[sof + 5], huge[sof + 6], huge[sof + 7], huge[sof + 8]) = (0xFD, 0xE8, 0xFD, 0xE8)
        try Data(huge).write(to: dir.appendingPathComponent("huge.jpg"))
        try Data("not a picture".utf8).write(to: dir.appendingPathComponent("text.jpg"))
        for name in ["cut.jpg", "huge.jpg", "text.jpg", "missing.jpg"] {
            #expect(throws: PNGError.self, "\(name)") { try Bitmap(contentsOfFile: dir.appendingPathComponent(name).path) }
        }
        do {
            _ = try Bitmap(contentsOfFile: dir.appendingPathComponent("huge.jpg").path)
        } catch {
            #expect("\(error)".contains("65000 × 65000 pixels"))
        }
    }
}
