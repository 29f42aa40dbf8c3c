import Canvas
import PanelOptions  // for .gray8

/// What black-and-white glass shows after a full refresh in four greys, as its driver
/// keeps it for the partial refreshes that follow (`EPDModel.greys`): the glass as black
/// and white (what the controller's old image must hold) and which pixels show a grey.
///
/// A partial refresh drives a pixel only where its old and new bits differ, so a grey
/// pixel whose new value matches its grey read as black or white — a light grey becoming
/// white — would keep its grey: the old image of a window is written with such pixels
/// opposite to their new value, so every grey the window covers is driven.
package struct EPDGreyGlass: Sendable {
    let width: Int
    let height: Int
    let rowBytes: Int
    /// Bit 1 white, a row of whole bytes after another.
    private(set) var shown: [UInt8]
    /// Bit 1 where a dark or light grey is shown.
    private(set) var greys: [UInt8]

    /// After a 4-grey refresh of `levels` (0 black to 3 white, a byte each, row by row).
    init(levels: [UInt8], width: Int, height: Int) {
        self.width = width
        self.height = height
        rowBytes = (width + 7) / 8
        shown = Self.plane(levels, width: width, height: height) { $0 >= 2 ? 1 : 0 }
        greys = Self.plane(levels, width: width, height: height) { $0 == 1 || $0 == 2 ? 1 : 0 }
    }

    /// The old image's bytes for `window` (whole bytes) whose new bytes are `new` (bit 1
    /// white): the glass, but each grey pixel the opposite of its new value; nil when the
    /// window covers no grey, and the old image holds the glass already.
    func oldBytes(in window: PixelRect, new: [UInt8]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(new.count)
        var covers = false
        var n = 0
        for row in window.y..<(window.y + window.height) {
            for byte in (window.x / 8)...((window.x + window.width - 1) / 8) {
                let i = row * rowBytes + byte
                covers = covers || greys[i] != 0
                bytes.append((shown[i] & ~greys[i]) | (~new[n] & greys[i]))
                n += 1
            }
        }
        return covers ? bytes : nil
    }

    /// After a partial refresh of `window`: it shows `new`, black and white.
    mutating func shown(_ new: [UInt8], in window: PixelRect) {
        var n = 0
        for row in window.y..<(window.y + window.height) {
            for byte in (window.x / 8)...((window.x + window.width - 1) / 8) {
                shown[row * rowBytes + byte] = new[n]
                greys[row * rowBytes + byte] = 0
                n += 1
            }
        }
    }

    /// Each device pixel's grey, 0 (black) to 3 (white): the update's frame turned onto the
    /// glass and converted to four greys as the panel conversion dithers (its pictures came
    /// diffused over those greys already).
    static func levels(of update: PanelUpdate, width: Int, height: Int) -> [UInt8] {
        var grey = [UInt8](repeating: 255, count: width * height)
        grey.withUnsafeMutableBytes { buffer in
            _ = PixelConverter.convert(update.frame, rect: update.frame.bounds, to: .gray8, into: buffer, stride: width, rotation: update.rotation, grayLevels: 4)
        }
        return grey.map { $0 / 85 }
    }

    /// Waveshare's two bits for black, dark grey, light grey and white in its 4-grey
    /// refreshes (`display_4Gray`), a 1 darkening: the first image's bit, then the
    /// second's. The UC8179's old and new images take them so, the SSD1680's RAMs 0x24
    /// and 0x26 too, the SSD1683's inverted.
    static let darkeningBits: [(first: UInt8, second: UInt8)] = [(1, 1), (0, 1), (1, 0), (0, 0)]

    /// A plane of `levels`, each pixel's bit chosen by `bit`, the leftmost in the high bit.
    static func plane(_ levels: [UInt8], width: Int, height: Int, bit: (Int) -> UInt8) -> [UInt8] {
        let rowBytes = (width + 7) / 8
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width where bit(Int(levels[y * width + x])) != 0 {
                bytes[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8)
            }
        }
        return bytes
    }
}
