import Canvas
import Foundation
@testable import Panel
import PanelOptions
import Testing

@Suite("Rotation")
struct RotationTests {
    /// A 7×3 frame whose every pixel has its own colour, so any misplaced pixel shows.
    static func numbered() -> Frame {
        var frame = Frame(width: 7, height: 3)
        for y in 0..<3 {
            for x in 0..<7 {
                let i = y * frame.bytesPerRow + x * 4
                frame.pixels[i] = UInt8(x * 30)
                frame.pixels[i + 1] = UInt8(y * 80)
                frame.pixels[i + 2] = UInt8(255 - x * 20 - y * 5)
            }
        }
        return frame
    }

    /// Where frame pixel (x, y) must land for a panel turned by `rotation`, worked out
    /// from the rotation's definition rather than the code under test.
    static func expectedDevicePoint(_ x: Int, _ y: Int, width w: Int, height h: Int, _ rotation: Rotation) -> (Int, Int) {
        switch rotation {
        case .none: (x, y)
        case .clockwise90: (h - 1 - y, x)
        case .upsideDown: (w - 1 - x, h - 1 - y)
        case .clockwise270: (y, w - 1 - x)
        }
    }

    static let byteFormats: [PixelFormat] = [.xrgb8888, .xbgr8888, .rgb888, .rgb565, .bgr565, .gray8]

    @Test("every byte format at every rotation puts each pixel where the rotation says", arguments: byteFormats, Rotation.allCases)
    func roundTrip(format: PixelFormat, rotation: Rotation) {
        let frame = Self.numbered()
        let (dw, dh) = rotation.deviceSize(width: frame.width, height: frame.height)
        let stride = format.minimumStride(width: dw) + 3  // any stride, not only the packed one
        var device = [UInt8](repeating: 0, count: stride * dh)
        let written = device.withUnsafeMutableBytes { PixelConverter.convert(frame, rect: frame.bounds, to: format, into: $0, stride: stride, rotation: rotation) }
        #expect(written == PixelRect(x: 0, y: 0, width: dw, height: dh))
        let bpp = format.bitsPerPixel / 8
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let (dx, dy) = Self.expectedDevicePoint(x, y, width: frame.width, height: frame.height, rotation)
                let c = frame.rgb(x: x, y: y)
                let got = Array(device[(dy * stride + dx * bpp)..<(dy * stride + (dx + 1) * bpp)])
                #expect(got == PixelConverterTests.reference((c.red, c.green, c.blue), format), "(\(x), \(y)) → (\(dx), \(dy)) in \(format) at \(rotation.rawValue)°")
            }
        }
    }

    @Test("packed formats at every rotation: a white pixel lands on the rotated spot", arguments: [PixelFormat.gray4, .mono1], Rotation.allCases)
    func packed(format: PixelFormat, rotation: Rotation) {
        var frame = Frame(width: 16, height: 8)
        frame.draw { $0.fill(Rect(x: 2, y: 1, width: 1, height: 1), color: .white) }
        let (dw, dh) = rotation.deviceSize(width: 16, height: 8)
        let stride = format.minimumStride(width: dw)
        var device = [UInt8](repeating: 0, count: stride * dh)
        device.withUnsafeMutableBytes { _ = PixelConverter.convert(frame, rect: frame.bounds, to: format, into: $0, stride: stride, rotation: rotation) }
        let (dx, dy) = Self.expectedDevicePoint(2, 1, width: 16, height: 8, rotation)
        for y in 0..<dh {
            for x in 0..<dw {
                let byte = device[y * stride + x * format.bitsPerPixel / 8]
                let level = format == .mono1 ? (byte >> (7 - UInt8(x % 8))) & 1 : (x % 2 == 0 ? byte >> 4 : byte & 0x0F)
                #expect((level != 0) == (x == dx && y == dy), "(\(x), \(y)) in \(format) at \(rotation.rawValue)°")
            }
        }
    }

    @Test("a damaged rectangle maps to the device rectangle that holds exactly its pixels", arguments: Rotation.allCases)
    func rectangles(rotation: Rotation) {
        let rect = PixelRect(x: 2, y: 1, width: 3, height: 2)
        let mapped = rotation.deviceRect(rect, frameWidth: 7, frameHeight: 3)
        var points = Set<[Int]>()
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let (dx, dy) = Self.expectedDevicePoint(x, y, width: 7, height: 3, rotation)
                points.insert([dx, dy])
            }
        }
        var inside = Set<[Int]>()
        for y in mapped.y..<mapped.maxY { for x in mapped.x..<mapped.maxX { inside.insert([x, y]) } }
        #expect(points == inside)
    }
}
