import Canvas
import FoundationEssentials
import PanelOptions

/// What a HAT's driver has done since start: the refreshes by kind and how long they kept
/// the panel busy (by the model's refresh times), for `lockscreend bench` and the logs.
package struct EPDTally: Sendable, Equatable {
    package var fullRefreshes = 0
    package var partialRefreshes = 0
    package var busySeconds = 0.0

    package init() {}

    /// Counts `areas` refreshes; `concurrent` areas (the IT8951 runs each on a LUT engine
    /// of its own) keep the panel busy as long as one, others one after the other.
    mutating func refreshed(full: Bool, model: EPDModel, areas: Int = 1, concurrent: Bool = false) {
        guard areas > 0 else { return }
        let seconds = full ? model.fullRefreshSeconds : model.partialRefreshSeconds
        if full { fullRefreshes += areas } else { partialRefreshes += areas }
        busySeconds += seconds * Double(concurrent ? 1 : areas)
    }
}

/// A panel device driving an SPI e-paper controller through an `EPDLink`.
package protocol EPDDevice: PanelDevice {
    var model: EPDModel { get }
    var tally: EPDTally { get }
    /// The most a refresh may keep BUSY before the update is given up.
    var busyTimeout: Double { get set }
    /// Called with each update before it is sent (the benchmark's tally).
    var onFlush: ((PanelUpdate) -> Void)? { get set }
}

extension EPDDevice {
    /// The bytes of `window` (x on whole bytes) as the device's buffer holds them, row
    /// after row: what a controller's RAM window takes.
    func packedBytes(of window: PixelRect) -> [UInt8] {
        let first = window.x / 8, rowBytes = (window.maxX + 7) / 8 - first
        var bytes = [UInt8](repeating: 0, count: rowBytes * window.height)
        for row in 0..<window.height {
            let source = pixels.baseAddress! + (window.y + row) * stride + first
            bytes.withUnsafeMutableBytes { ($0.baseAddress! + row * rowBytes).copyMemory(from: source, byteCount: rowBytes) }
        }
        return bytes
    }
}

extension EPDModel {
    /// This model's driver on `link`. An IT8951 is asked for its panel's size and set to
    /// `vcom` (volts, negative, as printed on the panel's cable) here.
    package func makeDevice(link: any EPDLink, vcom: Double? = nil) throws(DisplayError) -> any EPDDevice {
        switch controller {
        case .ssd1680: SSD1680Device(model: self, link: link)
        case .uc8179: UC8179Device(model: self, link: link)
        case .uc8159: UC8159Device(model: self, link: link)
        case .it8951: try IT8951Device(model: self, link: link, vcom: vcom)
        }
    }

    /// `rect` widened to whole bytes of eight pixels, as the controllers' RAM windows
    /// address x, and kept on the glass.
    func byteAligned(_ rect: PixelRect) -> PixelRect {
        let left = rect.x / 8 * 8
        let right = min(width, (rect.x + rect.width + 7) / 8 * 8)
        return PixelRect(x: left, y: rect.y, width: right - left, height: rect.height)
    }

    /// Packs one row of a `.palette4` buffer into a bit plane: bit 1 where `ink(index)`
    /// says so, eight pixels a byte, the leftmost in the high bit.
    static func plane(_ row: UnsafeRawPointer, fromPixel x: Int, count: Int, into bytes: inout [UInt8], at offset: Int, _ ink: (UInt8) -> Bool) {
        let source = row.assumingMemoryBound(to: UInt8.self)
        for i in 0..<(count + 7) / 8 {
            var byte: UInt8 = 0
            for bit in 0..<8 {
                let px = x + i * 8 + bit
                let value = i * 8 + bit < count ? (px & 1 == 0 ? source[px >> 1] >> 4 : source[px >> 1] & 0x0F) : 1
                if ink(value) { byte |= 0x80 >> UInt8(bit) }
            }
            bytes[offset + i] = byte
        }
    }
}
