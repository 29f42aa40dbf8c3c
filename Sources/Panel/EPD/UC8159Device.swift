import Canvas
import FoundationEssentials
import PanelOptions

/// A seven- or six-colour panel on an UltraChip UC8159 or one of its successors
/// (AC073TC1A, E673): Pimoroni's Inky Impression 5.7", 7.3" and 7.3" Spectra 6.
///
/// These refresh only the whole glass, in 30–40 seconds of flashing, so the daemon
/// batches changes (`[display] refresh_every`) and every update is the same: a reset, the
/// chip's set-up, the whole image at four bits an ink (DTM1), power on, refresh, power
/// off, deep sleep. Nothing needs to survive between updates.
package final class UC8159Device: EPDDevice {
    /// The commands used, by the datasheets' names.
    package enum Command {
        static let powerOff: UInt8 = 0x02
        static let powerOn: UInt8 = 0x04
        static let booster2: UInt8 = 0x06
        static let deepSleep: UInt8 = 0x07
        static let imageData: UInt8 = 0x10
        static let displayRefresh: UInt8 = 0x12
    }

    static let sleepCode: UInt8 = 0xA5

    package let model: EPDModel
    package let link: any EPDLink
    package let format = PixelFormat.palette4
    package var palette: PanelPalette? { model.palette }
    package let refreshesWholePanel = true
    package var width: Int { model.width }
    package var height: Int { model.height }
    package let stride: Int
    package let pixels: UnsafeMutableRawBufferPointer
    package var busyTimeout: Double
    package private(set) var tally = EPDTally()
    package var onFlush: ((PanelUpdate) -> Void)?
    private var asleep = true
    private var poweredOn = false

    package var name: String { "\(model.name) on \(link.name)" }

    package init(model: EPDModel, link: any EPDLink) {
        self.model = model
        self.link = link
        busyTimeout = max(60, model.fullRefreshSeconds * 2)
        stride = PixelFormat.palette4.minimumStride(width: model.width)
        pixels = .allocate(byteCount: stride * model.height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0x11)
    }

    deinit { pixels.deallocate() }

    package func flush(_ update: PanelUpdate) throws(DisplayError) {
        onFlush?(update)
        try link.reset()
        asleep = false
        try link.waitUntilIdle(timeout: busyTimeout)
        for (command, data) in setup { try link.send(command: command, data: data) }
        try link.send(command: Command.imageData)
        // Rows are whole bytes (even widths), so the buffer goes as it is.
        try link.sendData(Array(UnsafeRawBufferPointer(rebasing: pixels[0..<(stride * height)])))
        try link.send(command: Command.powerOn)
        poweredOn = true
        try link.waitUntilIdle(timeout: busyTimeout)
        if model.chip == "E673" {
            // The E673 takes its booster's second setting before the refresh.
            try link.send(command: Command.booster2, data: [0x6F, 0x1F, 0x17, 0x49])
        }
        try link.send(command: Command.displayRefresh, data: model.chip == "UC8159" ? [] : [0x00])
        try link.waitUntilIdle(timeout: busyTimeout)
        tally.refreshed(full: true, model: model)
        try powerOffAndSleep()
    }

    /// Waits for a refresh still running, then powers off and deep-sleeps.
    package func close() {
        if !asleep {
            try? link.waitUntilIdle(timeout: busyTimeout)
            try? powerOffAndSleep()
        }
        link.close()
    }

    private func powerOffAndSleep() throws(DisplayError) {
        if poweredOn {
            try link.send(command: Command.powerOff, data: model.chip == "UC8159" ? [] : [0x00])
            try link.waitUntilIdle(timeout: busyTimeout)
            poweredOn = false
        }
        try link.send(command: Command.deepSleep, data: [Self.sleepCode])
        asleep = true
    }

    /// The chip's set-up after a reset: resolution, panel, power, booster, PLL and
    /// border settings, as the panel makers' sample code sets them.
    var setup: [(UInt8, [UInt8])] {
        let (w, h) = (UInt8(width >> 8), UInt8(width & 0xFF))
        let (gh, gl) = (UInt8(height >> 8), UInt8(height & 0xFF))
        switch model.chip {
        case "UC8159":
            return [
                // Panel setting: resolution select (0b11 600×448, 0b10 640×400), LUT from
                // the panel's flash, scan directions, booster on.
                (0x61, [w, h, gh, gl]), (0x00, [width == 640 ? 0xAF : 0xEF, 0x08]), (0x01, [0x37, 0x00, 0x23, 0x23]), (0x30, [0x3C]),
                (0x41, [0x00]), (0x50, [0x37]), (0x60, [0x22]), (0x65, [0x00]), (0xE3, [0xAA]), (0x03, [0x00]),
            ]
        case "AC073TC1A":
            return [
                (0xAA, [0x49, 0x55, 0x20, 0x08, 0x09, 0x18]), (0x01, [0x3F, 0x00, 0x32, 0x2A, 0x0E, 0x2A]), (0x00, [0x5F, 0x69]),
                (0x03, [0x00, 0x54, 0x00, 0x44]), (0x05, [0x40, 0x1F, 0x1F, 0x2C]), (0x06, [0x6F, 0x1F, 0x16, 0x25]),
                // CDI 0x37: a white border, as Pimoroni's driver for this board sets it
                // (Waveshare's 7.3" F sends 0x3F).
                (0x08, [0x6F, 0x1F, 0x1F, 0x22]), (0x13, [0x00, 0x04]), (0x30, [0x02]), (0x41, [0x00]), (0x50, [0x37]),
                (0x60, [0x02, 0x00]), (0x61, [w, h, gh, gl]), (0x82, [0x1E]), (0x84, [0x00]), (0x86, [0x00]),
                (0xE3, [0x2F]), (0xE0, [0x00]), (0xE6, [0x00]),
            ]
        default:  // E673
            return [
                (0xAA, [0x49, 0x55, 0x20, 0x08, 0x09, 0x18]), (0x01, [0x3F]), (0x00, [0x5F, 0x69]),
                (0x05, [0x40, 0x1F, 0x1F, 0x2C]), (0x08, [0x6F, 0x1F, 0x1F, 0x22]), (0x06, [0x6F, 0x1F, 0x17, 0x17]),
                (0x03, [0x00, 0x54, 0x00, 0x44]), (0x60, [0x02, 0x00]), (0x30, [0x08]), (0x50, [0x3F]),
                (0x61, [w, h, gh, gl]), (0xE3, [0x2F]), (0x82, [0x01]),
            ]
        }
    }
}
