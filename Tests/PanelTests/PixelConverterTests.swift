import Canvas
import Foundation
@testable import Panel
import PanelOptions
import Testing

@Suite("PixelConverter")
struct PixelConverterTests {
    /// A frame with a few known colours: red, green, blue, white, mid grey, black.
    static func palette() -> Frame {
        var frame = Frame(width: 6, height: 1)
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (128, 128, 128), (0, 0, 0)]
        for (x, c) in colours.enumerated() {
            frame.pixels[x * 4] = c.2
            frame.pixels[x * 4 + 1] = c.1
            frame.pixels[x * 4 + 2] = c.0
        }
        return frame
    }

    static func convert(_ frame: Frame, _ format: PixelFormat) -> [UInt8] {
        let stride = format.minimumStride(width: frame.width)
        var out = [UInt8](repeating: 0, count: stride * frame.height)
        out.withUnsafeMutableBytes { _ = PixelConverter.convert(frame, rect: frame.bounds, to: format, into: $0, stride: stride) }
        return out
    }

    /// The reference encoding of one pixel, written independently of the converter.
    static func reference(_ c: (UInt8, UInt8, UInt8), _ format: PixelFormat) -> [UInt8] {
        let (r, g, b) = c
        switch format {
        case .xrgb8888: return [b, g, r, 0xFF]
        case .xbgr8888: return [r, g, b, 0xFF]
        case .rgb888: return [b, g, r]
        case .rgb565:
            let v = (UInt16(r) >> 3) << 11 | (UInt16(g) >> 2) << 5 | UInt16(b) >> 3
            return [UInt8(v & 0xFF), UInt8(v >> 8)]
        case .bgr565:
            let v = (UInt16(b) >> 3) << 11 | (UInt16(g) >> 2) << 5 | UInt16(r) >> 3
            return [UInt8(v & 0xFF), UInt8(v >> 8)]
        default: return [Frame.luma(red: r, green: g, blue: b)]
        }
    }

    @Test("colour and 8-bit formats match the reference encoding", arguments: [PixelFormat.xrgb8888, .xbgr8888, .rgb888, .rgb565, .bgr565, .gray8])
    func byteFormats(format: PixelFormat) {
        let frame = Self.palette()
        let out = Self.convert(frame, format)
        let bpp = format.bitsPerPixel / 8
        for x in 0..<frame.width {
            let c = frame.rgb(x: x, y: 0)
            #expect(Array(out[(x * bpp)..<((x + 1) * bpp)]) == Self.reference((c.red, c.green, c.blue), format), "pixel \(x) in \(format)")
        }
    }

    @Test("packed grey formats: black and white are exact, the high bits hold the left pixel")
    func packed() {
        var frame = Frame(width: 8, height: 1)
        frame.draw { $0.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .white) }
        #expect(Self.convert(frame, .mono1) == [0x80])
        #expect(Self.convert(frame, .gray4) == [0xF0, 0, 0, 0])
    }

    @Test("16 greys: each pixel is its luma dithered at its position, from colour and grey frames, in any rectangle", arguments: [Frame.Format.xrgb8888, .gray8])
    func gray4Reference(source: Frame.Format) {
        var frame = Frame(width: 37, height: 11, format: source)
        for i in frame.pixels.indices { frame.pixels[i] = UInt8(truncatingIfNeeded: i &* 37 &+ i / 7) }
        let stride = PixelFormat.gray4.minimumStride(width: frame.width)
        for rect in [frame.bounds, PixelRect(x: 3, y: 2, width: 20, height: 7), PixelRect(x: 36, y: 10, width: 1, height: 1)] {
            var out = [UInt8](repeating: 0, count: stride * frame.height)
            let done = out.withUnsafeMutableBytes { PixelConverter.convert(frame, rect: rect, to: .gray4, into: $0, stride: stride) }
            for y in done.y..<done.maxY {
                for x in done.x..<done.maxX {
                    let grey = source == .gray8 ? frame.pixels[y * frame.bytesPerRow + x] : {
                        let i = y * frame.bytesPerRow + x * 4
                        return Frame.luma(red: frame.pixels[i + 2], green: frame.pixels[i + 1], blue: frame.pixels[i])
                    }()
                    let level = out[y * stride + x / 2] >> (x % 2 == 0 ? 4 : 0) & 0x0F
                    #expect(Int(level) == OrderedDither.quantize(grey, x: x, y: y, levels: 16), "pixel \(x),\(y) of \(rect)")
                }
            }
        }
    }

    @Test("the Bayer matrix is a permutation of 0..<64")
    func bayer() {
        #expect(Set(OrderedDither.matrix).count == 64)
        #expect(OrderedDither.matrix.max() == 63)
    }

    @Test("ordered dithering keeps the average level", arguments: [(UInt8(128), 2), (64, 2), (200, 16), (17, 16)])
    func average(gray: UInt8, levels: Int) {
        var total = 0.0
        for y in 0..<8 {
            for x in 0..<8 { total += Double(OrderedDither.quantize(gray, x: x, y: y, levels: levels)) }
        }
        let mean = total / 64 / Double(levels - 1) * 255
        #expect(abs(mean - Double(gray)) < 255.0 / Double(levels - 1) / 8 + 2)
    }

    @Test("converting a rectangle never writes outside it (widened to whole bytes)", arguments: [PixelFormat.mono1, .gray4, .rgb565, .xrgb8888])
    func locality(format: PixelFormat) {
        var frame = Frame(width: 40, height: 20, fill: 128)
        frame.draw { $0.fill(Rect(x: 10, y: 5, width: 13, height: 7), color: .white) }
        let stride = format.minimumStride(width: 40)
        var out = [UInt8](repeating: 0xAA, count: stride * 20)
        let rect = PixelRect(x: 11, y: 6, width: 9, height: 4)
        out.withUnsafeMutableBytes { _ = PixelConverter.convert(frame, rect: rect, to: format, into: $0, stride: stride) }
        let aligned = PixelConverter.aligned(rect, for: format)
        let bitsPerPixel = format.bitsPerPixel
        for y in 0..<20 {
            for byte in 0..<stride {
                let firstPixel = byte * 8 / bitsPerPixel
                let inside = (aligned.y..<aligned.maxY).contains(y) && firstPixel >= aligned.x && firstPixel < aligned.maxX
                if !inside { #expect(out[y * stride + byte] == 0xAA, "byte \(byte) of row \(y) touched") }
            }
        }
    }

    @Test("dithering depends only on position: a change leaves the rest of a row as it was")
    func ditherLocality() {
        let before = Frame(width: 64, height: 8, fill: 100)
        var after = before
        after.draw { $0.fill(Rect(x: 24, y: 0, width: 8, height: 8), color: .white) }
        let a = Self.convert(before, .mono1), b = Self.convert(after, .mono1)
        for y in 0..<8 {
            for byte in 0..<8 where byte != 3 { #expect(a[y * 8 + byte] == b[y * 8 + byte]) }
        }
    }
}
