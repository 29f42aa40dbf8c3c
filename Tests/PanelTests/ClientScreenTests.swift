import Canvas
@testable import Panel
import PanelOptions
import Testing

/// Screens for devices that fetch them (`lockscreend snapshot --out x.bmp --depth …`):
/// each BMP read back pixel by pixel equals what a panel of that depth would show.
@Suite("Client screens")
struct ClientScreenTests {
    /// A frame with a grey ramp, colour bars and an odd width, so rows need padding.
    static let frame: Frame = {
        var frame = Frame(width: 203, height: 61)
        for y in 0..<61 {
            for x in 0..<203 {
                let i = y * frame.bytesPerRow + x * 4
                let grey = UInt8(x * 255 / 202)
                (frame.pixels[i], frame.pixels[i + 1], frame.pixels[i + 2]) = y < 30 ? (grey, grey, grey) : (UInt8(x & 0xFF), UInt8(y * 4), 200)
            }
        }
        return frame
    }()

    /// The BMP's pixels as (red, green, blue), top row first, read as a viewer reads them.
    func decode(_ bmp: [UInt8]) throws -> (width: Int, height: Int, bits: Int, pixels: [[(UInt8, UInt8, UInt8)]]) {
        func le(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(bmp[at + $1]) << (8 * $1) } }
        try #require(bmp.count > 54 && bmp[0] == 0x42 && bmp[1] == 0x4D && le(2, 4) == bmp.count)
        let (offset, width, height, bits, colours) = (le(10, 4), le(18, 4), le(22, 4), le(28, 2), le(46, 4))
        try #require(le(14, 4) == 40 && le(30, 4) == 0 && height > 0)
        let palette: [(UInt8, UInt8, UInt8)] = (0..<colours).map { (n: Int) -> (UInt8, UInt8, UInt8) in
            let at = 54 + 4 * n
            return (bmp[at + 2], bmp[at + 1], bmp[at])
        }
        let rowBytes = (width * bits + 31) / 32 * 4
        try #require(offset == 54 + 4 * colours && bmp.count == offset + rowBytes * height)
        let pixels = (0..<height).map { y in
            let row = offset + (height - 1 - y) * rowBytes
            return (0..<width).map { x -> (UInt8, UInt8, UInt8) in
                switch bits {
                case 1: return palette[Int(bmp[row + x / 8] >> (7 - x % 8)) & 1]
                case 4: return palette[Int(x % 2 == 0 ? bmp[row + x / 2] >> 4 : bmp[row + x / 2] & 0x0F)]
                default: return (bmp[row + 3 * x + 2], bmp[row + 3 * x + 1], bmp[row + 3 * x])
                }
            }
        }
        return (width, height, bits, pixels)
    }

    @Test("each depth's BMP shows exactly the panel's dithered pixels, rows bottom-up and padded", arguments: ClientScreen.Depth.allCases)
    func depths(depth: ClientScreen.Depth) throws {
        let client = ClientScreen(depth: depth)
        let (width, height, bits, pixels) = try decode(client.bmp(Self.frame))
        #expect(width == 203 && height == 61 && bits == [ClientScreen.Depth.mono: 1, .gray4: 4, .gray16: 4, .colour: 24][depth])
        let shown = client.shown(Self.frame)
        var differing = 0
        var greys = Set<UInt8>()
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixels[y][x]
                if depth == .colour {
                    let i = y * Self.frame.bytesPerRow + x * 4
                    if (b, g, r) != (Self.frame.pixels[i], Self.frame.pixels[i + 1], Self.frame.pixels[i + 2]) { differing += 1 }
                } else {
                    greys.insert(r)
                    if r != shown.pixels[y * shown.bytesPerRow + x] || r != g || g != b { differing += 1 }
                }
            }
        }
        #expect(differing == 0)
        if depth != .colour { #expect(greys.count == [ClientScreen.Depth.mono: 2, .gray4: 4, .gray16: 16][depth]) }
    }

    @Test("a client device's pictures are diffused over the greys of its depth, as a panel's", arguments: ClientScreen.Depth.allCases)
    func pictureInks(depth: ClientScreen.Depth) {
        let inks = ClientScreen(depth: depth).pictureInks?.inks.map(\.drawn.red)
        let expected: [UInt8]? = switch depth {
        case .mono: [0, 255]
        case .gray4: [0, 85, 170, 255]
        case .gray16: (0..<16).map { UInt8($0 * 17) }
        case .colour: nil
        }
        #expect(inks == expected)
    }

    @Test("an 800 × 480 black-and-white screen is the 48,062-byte BMP TRMNL firmware reads")
    func trmnlSize() {
        #expect(ClientScreen(depth: .mono).bmp(Frame(width: 800, height: 480, fill: 255)).count == 48_062)
    }
}
