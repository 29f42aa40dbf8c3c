/// The inks a device that fetches its screen shows (`ClientScreen`, `[http.clients.NAME] depth`).
package enum ClientDepth: String, Sendable, CaseIterable {
    /// Black and white, dithered: the first TRMNL, most ESP32 boards.
    case mono = "1bit"
    /// Four greys, dithered: TRMNL's 2-bit mode, many 4.2" boards.
    case gray4 = "4grey"
    /// Sixteen greys, dithered: Kindle and Kobo screens.
    case gray16 = "16grey"
    /// 24-bit colour.
    case colour

    /// Bits per pixel of the BMP written.
    package var bitsPerPixel: Int {
        switch self {
        case .mono: 1
        case .gray4, .gray16: 4
        case .colour: 24
        }
    }

    /// Grey levels (nil: colour).
    package var levels: Int? {
        switch self {
        case .mono: 2
        case .gray4: 4
        case .gray16: 16
        case .colour: nil
        }
    }
}
