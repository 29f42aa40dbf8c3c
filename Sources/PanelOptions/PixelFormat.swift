/// The pixel layouts a display or a raw frame file can have.
package enum PixelFormat: String, Sendable, CaseIterable, Codable {
    /// 32 bits, little-endian 0xXXRRGGBB: most fbdev and DRM displays.
    case xrgb8888
    /// 32 bits, little-endian 0xXXBBGGRR.
    case xbgr8888
    /// 24 bits, bytes B, G, R.
    case rgb888
    /// 16 bits, little-endian RRRRRGGGGGGBBBBB: SPI TFTs.
    case rgb565
    /// 16 bits with red and blue swapped.
    case bgr565
    /// One byte of grey per pixel.
    case gray8
    /// Two pixels a byte, 16 grey levels, the left pixel in the high nibble: e-paper.
    case gray4
    /// Eight pixels a byte, most significant bit leftmost, 1 = white.
    case mono1
    /// Two pixels a byte, each an index into the device's `PanelPalette`, the left pixel
    /// in the high nibble: colour e-paper (black/white/red, seven colours, Spectra 6).
    case palette4

    package var bitsPerPixel: Int {
        switch self {
        case .xrgb8888, .xbgr8888: 32
        case .rgb888: 24
        case .rgb565, .bgr565: 16
        case .gray8: 8
        case .gray4, .palette4: 4
        case .mono1: 1
        }
    }

    /// The formats the headless backend writes.
    package static let headless: [PixelFormat] = [.xrgb8888, .rgb565, .gray8, .gray4, .mono1]

    /// The formats a framebuffer can have (not the palette of an SPI colour panel).
    package static let framebuffer: [PixelFormat] = allCases.filter { $0 != .palette4 }

    /// True for formats that show only grey levels.
    package var isGray: Bool { self == .gray8 || self == .gray4 || self == .mono1 }

    /// The bytes one row of `width` pixels takes, packed.
    package func minimumStride(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// Pixels that share a byte: a damaged rectangle is widened to whole bytes.
    package var pixelsPerByte: Int { bitsPerPixel >= 8 ? 1 : 8 / bitsPerPixel }
}
