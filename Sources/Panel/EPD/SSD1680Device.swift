import Canvas
import FoundationEssentials
import PanelOptions

/// A panel on a Solomon Systech SSD1680-family controller (SSD1680, SSD1681, SSD1683,
/// SSD1608): Waveshare's 1.54", 2.13" V4, 2.9" V2 and 4.2" V2 boards, Pimoroni's Inky
/// pHAT and wHAT.
///
/// Each update wakes the controller with a reset pulse, writes only the damaged windows
/// (x in whole bytes of eight pixels) into its black/white RAM, refreshes — the whole
/// glass with the full waveform, or in display mode 2, which drives only the pixels that
/// differ between that RAM and the second one — then copies the same windows into the
/// second RAM, so it always holds what the glass shows and the next partial refresh
/// compares against the truth, and puts the controller into deep sleep until the next
/// update. Command numbers and parameters are the SSD1680 datasheet's; each board's set-up
/// is its vendor's driver's (docs/DISPLAYS.md compares them).
///
/// On tri-colour glass (black, white and red or yellow) the second RAM is the colour
/// plane instead, and every refresh is the full, long one the colour ink needs.
package final class SSD1680Device: EPDDevice {
    /// The commands used, by the datasheet's names.
    package enum Command {
        static let driverOutputControl: UInt8 = 0x01
        static let gateVoltage: UInt8 = 0x03
        static let boosterSoftStart: UInt8 = 0x0C
        static let sourceVoltage: UInt8 = 0x04
        static let deepSleep: UInt8 = 0x10
        static let dataEntryMode: UInt8 = 0x11
        static let softwareReset: UInt8 = 0x12
        static let temperatureSensor: UInt8 = 0x18
        static let masterActivation: UInt8 = 0x20
        static let displayUpdateControl1: UInt8 = 0x21
        static let displayUpdateControl2: UInt8 = 0x22
        static let writeBlackWhiteRAM: UInt8 = 0x24
        static let writePreviousRAM: UInt8 = 0x26
        static let writeVCOM: UInt8 = 0x2C
        static let writeLUT: UInt8 = 0x32
        static let dummyLinePeriod: UInt8 = 0x3A
        static let gateLineWidth: UInt8 = 0x3B
        static let borderWaveform: UInt8 = 0x3C
        static let endOption: UInt8 = 0x3F
        static let ramXWindow: UInt8 = 0x44
        static let ramYWindow: UInt8 = 0x45
        static let ramXCounter: UInt8 = 0x4E
        static let ramYCounter: UInt8 = 0x4F
    }

    /// Display update control 2: load the temperature and the OTP waveform, show in mode 1
    /// (full), or mode 2 (only pixels whose two RAMs differ); with a waveform in the
    /// registers, show in mode 1 without loading one; turn the clock and analog on alone.
    static let fullSequence: UInt8 = 0xF7
    static let partialSequence: UInt8 = 0xFF
    static let registerFullSequence: UInt8 = 0xC7
    static let powerOnSequence: UInt8 = 0xC0

    package let model: EPDModel
    package let link: any EPDLink
    package var format: PixelFormat { model.pixelFormat }
    package var palette: PanelPalette? { model.palette }
    package var refreshesWholePanel: Bool { !model.refreshesPartially }
    package var width: Int { model.width }
    package var height: Int { model.height }
    package let stride: Int
    /// The waveforms the vendor writes into the registers, or nil for the OTP's.
    private let waveforms: SSD1680Waveform.Pair?
    package let pixels: UnsafeMutableRawBufferPointer
    /// The most a refresh may keep BUSY before the update is given up.
    package var busyTimeout: Double
    var initialised = false
    var asleep = false
    /// Four greys of a full refresh (`SSD1680Greys`); nil for black and white only.
    let greys: SSD1680Greys?
    /// With greys: the glass as black and white and the pixels that show a grey
    /// (`EPDGreyGlass`), for the partial refreshes after a 4-grey one.
    var greyGlass: EPDGreyGlass?
    /// Set when an update failed half way: the next one starts from a reset and a full
    /// refresh, so both RAMs and the glass agree again.
    private var needsFullRewrite = true
    package internal(set) var tally = EPDTally()
    package var onFlush: ((PanelUpdate) -> Void)?

    package var name: String { "\(model.name) on \(link.name)" }

    package init(model: EPDModel, link: any EPDLink) {
        self.model = model
        self.link = link
        busyTimeout = max(30, model.fullRefreshSeconds * 2)
        waveforms = SSD1680Waveform.vendor(for: model.name)
        greys = model.greys > 2 ? SSD1680Greys.vendor(for: model.name) : nil
        stride = model.pixelFormat.minimumStride(width: model.width)
        pixels = .allocate(byteCount: stride * model.height, alignment: 16)
        // White, as a cleared panel (ink 1 twice a byte on tri-colour glass).
        pixels.initializeMemory(as: UInt8.self, repeating: model.palette == nil ? 0xFF : 0x11)
    }

    deinit { pixels.deallocate() }

    package func flush(_ update: PanelUpdate) throws(DisplayError) {
        onFlush?(update)
        do {
            let full = model.palette != nil || update.refresh == .full || needsFullRewrite || !model.refreshesPartially
            let whole = [PixelRect(x: 0, y: 0, width: width, height: height)]
            if full, let greys, model.palette == nil {
                // The greys' own set-up after the reset, not the black-and-white one.
                try showGreys(update, greys)
            } else if model.palette != nil {
                try wake(full: full)
                // Black plane and colour plane, then the long refresh.
                try writeWindows(whole, to: Command.writeBlackWhiteRAM)
                try writeWindows(whole, to: Command.writePreviousRAM)
                try refresh(full: true)
            } else if full {
                try wake(full: full)
                // Both RAMs before the refresh, as Waveshare's drivers write them: the
                // second then holds what the glass shows for the next partial refresh. An
                // Inky that never refreshes partially gets Pimoroni's empty colour plane.
                try writeWindows(whole, to: Command.writeBlackWhiteRAM)
                if pimoroni && !model.refreshesPartially {
                    try writeEmptyColourPlane()
                } else {
                    try writeWindows(whole, to: Command.writePreviousRAM)
                }
                try refresh(full: true)
            } else {
                try wake(full: full)
                let windows = update.rects.map(model.byteAligned)
                try writeWindows(windows, to: Command.writeBlackWhiteRAM)
                // Greys the windows cover are driven to their new black or white.
                let drawn = windows.filter { $0.width > 0 && $0.height > 0 }
                let packed = greyGlass == nil ? [] : drawn.map(packedBytes(of:))
                for (window, bytes) in zip(drawn, packed) {
                    guard let old = greyGlass?.oldBytes(in: window, new: bytes) else { continue }
                    try address(window)
                    try link.send(command: Command.writePreviousRAM)
                    try link.sendData(old)
                }
                try refresh(full: false)
                try writeWindows(windows, to: Command.writePreviousRAM)
                for (window, bytes) in zip(drawn, packed) { greyGlass?.shown(bytes, in: window) }
            }
            needsFullRewrite = false
            try sleep()
        } catch {
            needsFullRewrite = true
            initialised = false
            throw error
        }
    }

    /// Leaves the controller in deep sleep, as after every update: a refresh still running
    /// (the daemon stopped during one) is waited for first, at most `busyTimeout`.
    package func close() {
        if !asleep {
            try? link.waitUntilIdle(timeout: busyTimeout)
            try? sleep()
        }
        link.close()
    }

    /// Pimoroni's Inky boards are set up as Pimoroni's own driver sets them up: VCOM,
    /// dummy line period and gate time, a white border, on the SSD1608 its waveform LUT,
    /// and a refresh by master activation alone; Waveshare's as Waveshare's drivers do.
    private var pimoroni: Bool { model.name.hasPrefix("inky-") }

    /// The SSD1608's waveform (register 0x32), as Pimoroni's driver loads it before every
    /// update for black, red and yellow glass alike: the chip has no waveform of its own
    /// to load by display update control.
    static let ssd1608Waveform: [UInt8] = [
        0x02, 0x02, 0x01, 0x11, 0x12, 0x12, 0x22, 0x22, 0x66, 0x69,
        0x69, 0x59, 0x58, 0x99, 0x99, 0x88, 0x00, 0x00, 0x00, 0x00,
        0xF8, 0xB4, 0x13, 0x51, 0x35, 0x51, 0x51, 0x19, 0x01, 0x00,
    ]

    /// A reset pulse ends deep sleep, and may return every register to its power-on
    /// value (the RAMs are kept): so after each one the panel is set up again, in full
    /// before a full refresh, and before a partial one the gate count and the data entry
    /// mode, as Waveshare's `displayPartial` does (a software reset there would be safe
    /// too, but is not what the vendor sends), and on boards whose vendor writes its own
    /// waveforms (`SSD1680Waveform`) the waveform for the refresh.
    private func wake(full: Bool) throws(DisplayError) {
        if asleep || !initialised {
            try link.reset()
            // Awake from the pulse on, even if it then stays busy: close() must put it back.
            asleep = false
            try link.waitUntilIdle(timeout: busyTimeout)
            if initialised && !full {
                try setGeometry()
                if let waveforms {
                    try powerOn(for: waveforms.partial)
                    return
                }
                // The SSD1683 compares with the second RAM in a partial refresh only when
                // it is read as it is, as Waveshare's display_Partial sets it.
                if model.chip == "SSD1683" && !pimoroni { try link.send(command: Command.displayUpdateControl1, data: [0x00, 0x00]) }
                return
            }
            initialised = false
        }
        guard !initialised else { return }
        try link.send(command: Command.softwareReset)
        try link.waitUntilIdle(timeout: busyTimeout)
        try setGeometry()
        if pimoroni {
            try link.send(command: Command.dummyLinePeriod, data: [0x1B])
            try link.send(command: Command.gateLineWidth, data: [0x0B])
            try link.send(command: Command.writeVCOM, data: [0x70])
            if model.chip == "SSD1608" { try link.send(command: Command.writeLUT, data: Self.ssd1608Waveform) }
        } else if model.chip == "SSD1683" {
            // Waveshare's 4.2" V2: the red RAM read as 0 in a full refresh, the sensor
            // left at its reset value.
            try link.send(command: Command.displayUpdateControl1, data: [0x40, 0x00])
        } else if model.chip == "SSD1681" {
            // Waveshare's 1.54" V2: a white border, the internal sensor, the temperature
            // read (its waveform follows from the registers).
            try link.send(command: Command.borderWaveform, data: [0x01])
            try link.send(command: Command.temperatureSensor, data: [0x80])
            try activate(0xB1)
        } else {
            try link.send(command: Command.displayUpdateControl1, data: [0x00, 0x80])
            // The sensor's reading picks the OTP waveform; a register waveform needs none.
            if waveforms == nil { try link.send(command: Command.temperatureSensor, data: [0x80]) }
        }
        try waveforms?.full.load(on: link, busyTimeout: busyTimeout)
        initialised = true
    }

    /// Before a partial refresh with a register waveform, as Waveshare's drivers prepare
    /// one: the waveform, a border that holds, the clock and analog on. (Waveshare also
    /// sets RAM ping-pong in 0x37; lockscreend writes the second RAM itself after the
    /// refresh, which ping-pong would redirect: docs/DISPLAYS.md.)
    private func powerOn(for waveform: SSD1680Waveform) throws(DisplayError) {
        try waveform.load(on: link, busyTimeout: busyTimeout)
        try link.send(command: Command.borderWaveform, data: [0x80])
        try activate(Self.powerOnSequence)
    }

    /// Runs an update sequence and waits for it.
    private func activate(_ sequence: UInt8) throws(DisplayError) {
        try link.send(command: Command.displayUpdateControl2, data: [sequence])
        try link.send(command: Command.masterActivation)
        try link.waitUntilIdle(timeout: busyTimeout)
    }

    /// Waveshare's 1.54" V2 scans its gates bottom to top and fills RAM rows from the last
    /// one up, as Waveshare's driver sets it; the others top to bottom from row 0.
    private var rowsFromBottom: Bool { model.chip == "SSD1681" }

    /// The gate count and how RAM is written: X increments, then Y, row by row (Y
    /// decrements where the rows are filled from the bottom).
    func setGeometry() throws(DisplayError) {
        let gates = height - 1
        try link.send(command: Command.driverOutputControl, data: [UInt8(gates & 0xFF), UInt8(gates >> 8), rowsFromBottom ? 0x01 : 0x00])
        try link.send(command: Command.dataEntryMode, data: [rowsFromBottom ? 0x01 : 0x03])
    }

    /// Writes the device pixels of `windows` into one of the RAMs: on tri-colour glass
    /// RAM 0x24 takes the black plane (0 = black) and RAM 0x26 the colour plane (1 = red
    /// or yellow).
    private func writeWindows(_ windows: [PixelRect], to ram: UInt8) throws(DisplayError) {
        for window in windows where window.width > 0 && window.height > 0 {
            let firstByte = window.x / 8, lastByte = (window.x + window.width - 1) / 8
            let top = window.y
            try address(window)
            try link.send(command: ram)
            guard model.palette != nil else {
                try link.sendData(packedBytes(of: window))
                continue
            }
            let rowBytes = lastByte - firstByte + 1
            var bytes = [UInt8](repeating: 0, count: rowBytes * window.height)
            for row in 0..<window.height {
                let line = pixels.baseAddress! + (top + row) * stride
                let pixelsInRow = min(rowBytes * 8, width - firstByte * 8)
                EPDModel.plane(line, fromPixel: firstByte * 8, count: pixelsInRow, into: &bytes, at: row * rowBytes) { ink in
                    ram == Command.writeBlackWhiteRAM ? ink != 0 : ink == 2
                }
            }
            try link.sendData(bytes)
        }
    }

    /// Sets the border waveform for the kind of refresh, then runs it.
    func refresh(full: Bool) throws(DisplayError) {
        if let waveforms {
            // The border was set when the controller woke.
            try link.send(command: Command.displayUpdateControl2, data: [full ? Self.registerFullSequence : waveforms.partialSequence])
        } else if pimoroni && full {
            // A white border, and the update sequence left at its reset value.
            try link.send(command: Command.borderWaveform, data: [0x01])
        } else {
            try link.send(command: Command.borderWaveform, data: [full ? 0x05 : 0x80])
            try link.send(command: Command.displayUpdateControl2, data: [full ? Self.fullSequence : Self.partialSequence])
        }
        try link.send(command: Command.masterActivation)
        try link.waitUntilIdle(timeout: busyTimeout)
        tally.refreshed(full: full, model: model)
    }

    /// Sets the RAM window and its counters to `window` (x on whole bytes, past the
    /// model's column offset), where the next RAM write goes.
    func address(_ window: PixelRect) throws(DisplayError) {
        let first = window.x / 8 + model.ramColumnOffset, last = (window.x + window.width - 1) / 8 + model.ramColumnOffset
        var top = window.y, bottom = window.y + window.height - 1
        if rowsFromBottom { (top, bottom) = (height - 1 - top, height - 1 - bottom) }
        try link.send(command: Command.ramXWindow, data: [UInt8(first), UInt8(last)])
        try link.send(command: Command.ramYWindow, data: [UInt8(top & 0xFF), UInt8(top >> 8), UInt8(bottom & 0xFF), UInt8(bottom >> 8)])
        try link.send(command: Command.ramXCounter, data: [UInt8(first)])
        try link.send(command: Command.ramYCounter, data: [UInt8(top & 0xFF), UInt8(top >> 8)])
    }

    /// Zeros in RAM 0x26, over the glass: no colour.
    private func writeEmptyColourPlane() throws(DisplayError) {
        try address(PixelRect(x: 0, y: 0, width: width, height: height))
        try link.send(command: Command.writePreviousRAM)
        try link.sendData([UInt8](repeating: 0, count: (width + 7) / 8 * height))
    }

    /// Deep sleep mode 1: the RAMs are kept, only a reset pulse wakes the controller.
    func sleep() throws(DisplayError) {
        try link.send(command: Command.deepSleep, data: [0x01])
        asleep = true
    }
}
