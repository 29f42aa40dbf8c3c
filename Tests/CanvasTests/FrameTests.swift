import Foundation
import Testing
import TestSupport
@testable import Canvas

@Suite("Frame")
struct FrameTests {
    @Test("a new frame is filled with its grey level, opaque")
    func fill() {
        let frame = Frame(width: 3, height: 2, fill: 0x40)
        #expect(frame.bytesPerRow == 12)
        #expect(frame.pixels.count == 24)
        #expect(frame.rgb(x: 2, y: 1) == (0x40, 0x40, 0x40))
        #expect(frame.pixels[3] == 0xFF)
        for (width, height) in [(1, 1), (5, 1), (1, 7), (800, 480)] {
            let f = Frame(width: width, height: height, fill: 0x81)
            #expect(f.pixels.count == width * height * 4)
            #expect(f.pixels.enumerated().allSatisfy { $0.element == ($0.offset % 4 == 3 ? 0xFF : 0x81) }, "\(width)×\(height)")
        }
    }

    @Test("a separate copy is equal and changes on its own")
    func separateCopy() {
        var frame = Frame(width: 6, height: 4, fill: 0x10)
        frame.draw { $0.fill(Rect(x: 1, y: 1, width: 2, height: 2), color: .white) }
        var copy = frame.separateCopy()
        #expect(copy == frame)
        copy.draw { $0.fill(Rect(x: 0, y: 0, width: 6, height: 4), color: .black) }
        #expect(frame.gray(x: 1, y: 1) == 255)
        #expect(copy.gray(x: 1, y: 1) == 0)
        let grey = Frame(width: 3, height: 3, format: .gray8, fill: 7)
        #expect(grey.separateCopy() == grey)
    }

    @Test("grey conversion uses Rec. 709 luma", arguments: [
        (UInt8(255), UInt8(0), UInt8(0), UInt8(54)), (0, 255, 0, 182), (0, 0, 255, 19), (255, 255, 255, 255), (0, 0, 0, 0),
    ])
    func luma(red: UInt8, green: UInt8, blue: UInt8, expected: UInt8) {
        #expect(Frame.luma(red: red, green: green, blue: blue) == expected)
    }

    @Test("drawing a filled rectangle changes exactly its pixels")
    func fillRect() {
        var frame = Frame(width: 10, height: 10)
        frame.draw { $0.fill(Rect(x: 2, y: 3, width: 4, height: 5), color: .white) }
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect(frame.gray(x: x, y: y) == (inside ? 255 : 0))
            }
        }
    }

    @Test("PNG round trip keeps every pixel")
    func pngRoundTrip() throws {
        var frame = Frame(width: 17, height: 9)
        frame.draw { canvas in
            canvas.fillCircle(center: Point(x: 8, y: 4), radius: 4, color: RGBA(red: 1, green: 0.5, blue: 0.25))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try frame.writePNG(to: path)
        let read = try Frame(contentsOfPNG: path)
        #expect(read.pixels == frame.pixels)
    }

    @Test("writing a PNG where it cannot be written is an error naming the path")
    func pngError() {
        let frame = Frame(width: 2, height: 2)
        #expect(throws: PNGError.self) { try frame.writePNG(to: "/nonexistent-dir/x.png") }
        do {
            try frame.writePNG(to: "/nonexistent-dir/x.png")
        } catch {
            #expect(error.description.contains("/nonexistent-dir/x.png"))
        }
    }

    @Test("cropping copies the pixels of a rectangle")
    func crop() {
        var frame = Frame(width: 8, height: 8)
        frame.draw { $0.fill(Rect(x: 4, y: 4, width: 4, height: 4), color: .white) }
        let crop = frame.cropped(to: PixelRect(x: 3, y: 3, width: 3, height: 3))
        #expect(crop.width == 3)
        #expect(crop.gray(x: 0, y: 0) == 0)
        #expect(crop.gray(x: 1, y: 1) == 255)
    }

    @Test("rectangle union and intersection")
    func rects() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let b = PixelRect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.union(b) == PixelRect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(b) == PixelRect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(PixelRect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        #expect(Rect(x: 0.5, y: 0.2, width: 2, height: 2).integral == PixelRect(x: 0, y: 0, width: 3, height: 3))
    }
}
