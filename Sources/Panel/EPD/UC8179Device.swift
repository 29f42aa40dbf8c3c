import Canvas
import FoundationEssentials
import PanelOptions

/// A black-and-white panel on an UltraChip UC8179: Waveshare's 7.5" V2 (800×480).
///
/// The controller holds two images: "old" (DTM1) and "new" (DTM2); a refresh drives the
/// pixels from the one to the other. Each update powers the panel on, writes the damaged
/// windows (x in whole bytes) into the new image inside a partial window (PTIN/PTL) and
/// refreshes that window, or the whole glass with the full waveform; then writes the same
/// windows into the old image, so it always holds what the glass shows, and powers the
/// panel off. The image RAM survives power-off, not deep sleep, so deep sleep is for
/// closing. Data bits are 1 for black (DDX = 00), the reverse of the frame's mono1.
package final class UC8179Device: EPDDevice {
    /// The commands used, by the datasheet's names.
    package enum Command {
        static let panelSetting: UInt8 = 0x00
        static let powerSetting: UInt8 = 0x01
        static let powerOff: UInt8 = 0x02
        static let powerOn: UInt8 = 0x04
        static let boosterSoftStart: UInt8 = 0x06
        static let deepSleep: UInt8 = 0x07
        static let oldData: UInt8 = 0x10
        static let displayRefresh: UInt8 = 0x12
        static let newData: UInt8 = 0x13
        static let dualSPI: UInt8 = 0x15
        static let vcomAndDataInterval: UInt8 = 0x50
        static let tcon: UInt8 = 0x60
        static let resolution: UInt8 = 0x61
        static let partialWindow: UInt8 = 0x90
        static let partialIn: UInt8 = 0x91
        static let partialOut: UInt8 = 0x92
        static let cascadeSetting: UInt8 = 0xE0
        static let forceTemperature: UInt8 = 0xE5
    }

    /// VCOM and data interval: border driven white and DDX = 00 for a full refresh, with
    /// N2OCP set (after the refresh the chip copies the new image into the old one, which
    /// then holds what the glass shows for the next partial refresh: 48 KB not sent again);
    /// border left floating (BDZ) for a partial one, so the frame's edge does not flash.
    static let fullInterval: [UInt8] = [0x18, 0x07]
    static let partialInterval: [UInt8] = [0x90, 0x07]
    /// Deep sleep's check code.
    static let sleepCode: UInt8 = 0xA5
    /// The temperature forced for partial refreshes: Waveshare's value, which selects the
    /// controller's fast partial waveform.
    static let partialTemperature: UInt8 = 0x6E
    /// The temperature forced for a 4-grey full refresh (Waveshare's `init_4Gray`): it
    /// selects the OTP's 4-grey waveform, which ends each pixel at the grey its two image
    /// bits name, with the interval that copies nothing and the booster's stronger drive.
    static let greyTemperature: UInt8 = 0x5F
    static let greyInterval: [UInt8] = [0x10, 0x07]
    static let greyBooster: [UInt8] = [0x27, 0x27, 0x18, 0x17]
    /// A pixel's bit in the old and the new image for black, dark grey, light grey, white
    /// (1 darkens).
    static let greyBits = EPDGreyGlass.darkeningBits.map { (old: $0.first, new: $0.second) }

    package let model: EPDModel
    package let link: any EPDLink
    package let format = PixelFormat.mono1
    package var width: Int { model.width }
    package var height: Int { model.height }
    package let stride: Int
    package let pixels: UnsafeMutableRawBufferPointer
    package var busyTimeout = 30.0
    package internal(set) var tally = EPDTally()
    package var onFlush: ((PanelUpdate) -> Void)?
    private var initialised = false
    private var asleep = false
    private var poweredOn = false
    /// Set when an update failed half way: the next one starts from a reset and a full
    /// refresh, so both images and the glass agree again.
    private var needsFullRewrite = true
    /// Set while 0xE0/0xE5 force the partial waveform's temperature.
    var temperatureForced = false
    /// With 4-grey full refreshes: the glass as black and white (1 white) and the pixels
    /// that show a grey, a bit each (`EPDGreyGlass`).
    var greyGlass: EPDGreyGlass?

    package var name: String { "\(model.name) on \(link.name)" }

    package init(model: EPDModel, link: any EPDLink) {
        self.model = model
        self.link = link
        stride = PixelFormat.mono1.minimumStride(width: model.width)
        pixels = .allocate(byteCount: stride * model.height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0xFF)
    }

    deinit { pixels.deallocate() }

    package func flush(_ update: PanelUpdate) throws(DisplayError) {
        onFlush?(update)
        do {
            let full = update.refresh == .full || needsFullRewrite
            try start(full: full)
            let whole = PixelRect(x: 0, y: 0, width: width, height: height)
            if full && model.greys > 2 {
                try showGreys(update)
            } else if full {
                try link.send(command: Command.vcomAndDataInterval, data: Self.fullInterval)
                // The old image the inverse of the new, as Waveshare's driver writes it: every
                // pixel changes, so the full waveform drives them all.
                try write(whole, to: Command.oldData, inverted: true)
                try write(whole, to: Command.newData)
                try refresh()
                tally.refreshed(full: true, model: model)
            } else {
                // A forced temperature selects the fast partial waveform, as Waveshare's
                // init_part does; the full flashing one otherwise runs in the window.
                try link.send(command: Command.cascadeSetting, data: [0x02])
                try link.send(command: Command.forceTemperature, data: [Self.partialTemperature])
                temperatureForced = true
                try link.send(command: Command.vcomAndDataInterval, data: Self.partialInterval)
                try link.send(command: Command.partialIn)
                for window in update.rects.map(model.byteAligned) where !window.isEmpty {
                    try setWindow(window)
                    try write(window, to: Command.newData)
                    // Greys the window covers are driven to their new black or white.
                    let packed = greyGlass == nil ? nil : packedBytes(of: window)
                    if let packed, let old = greyGlass?.oldBytes(in: window, new: packed) {
                        try link.send(command: Command.oldData)
                        try link.sendData(old.map { ~$0 })
                    }
                    try refresh()
                    try write(window, to: Command.oldData)
                    if let packed { greyGlass?.shown(packed, in: window) }
                }
                tally.refreshed(full: false, model: model, areas: update.rects.count)
                try link.send(command: Command.partialOut)
            }
            needsFullRewrite = false
            try powerOff()
        } catch {
            needsFullRewrite = true
            initialised = false
            throw error
        }
    }

    /// Waits for a refresh still running, powers off and puts the controller into deep
    /// sleep (the next start would need a reset and a full rewrite).
    package func close() {
        if !asleep {
            try? link.waitUntilIdle(timeout: busyTimeout)
            if poweredOn { try? powerOff() }
            try? link.send(command: Command.deepSleep, data: [Self.sleepCode])
            asleep = true
        }
        link.close()
    }

    /// Reset and set-up the first time (and after a failure), then power on.
    /// Before a full refresh after a partial one: a reset, so the temperature sensor
    /// chooses the waveform again (Waveshare resets before each of its inits).
    private func start(full: Bool) throws(DisplayError) {
        if full && temperatureForced { initialised = false }
        if !initialised {
            temperatureForced = false
            try link.reset()
            asleep = false
            try link.waitUntilIdle(timeout: busyTimeout)
            // Internal power: VGH/VGL ±20 V, VDH/VDL ±15 V; booster soft start.
            // (Waveshare's values since 2024: VDH/VDL ±14.8 V.)
            try link.send(command: Command.powerSetting, data: [0x07, 0x07, 0x28, 0x17])
            try link.send(command: Command.boosterSoftStart, data: [0x17, 0x17, 0x28, 0x17])
            // Black/white mode, waveforms from OTP, scan up and right, booster on.
            try link.send(command: Command.panelSetting, data: [0x1F])
            try link.send(command: Command.resolution, data: [UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF)])
            try link.send(command: Command.dualSPI, data: [0x00])
            try link.send(command: Command.tcon, data: [0x22])
            initialised = true
        }
        try link.send(command: Command.powerOn)
        poweredOn = true
        try link.waitUntilIdle(timeout: busyTimeout)
    }

    func powerOff() throws(DisplayError) {
        try link.send(command: Command.powerOff)
        try link.waitUntilIdle(timeout: busyTimeout)
        poweredOn = false
    }

    func refresh() throws(DisplayError) {
        try link.send(command: Command.displayRefresh)
        try link.waitUntilIdle(timeout: busyTimeout)
    }

    /// The partial window: x from a multiple of 8 to one less than a multiple of 8, y
    /// any lines; the last byte scans inside the window only.
    private func setWindow(_ r: PixelRect) throws(DisplayError) {
        let (x0, x1, y0, y1) = (r.x, r.maxX - 1, r.y, r.maxY - 1)
        try link.send(command: Command.partialWindow, data: [
            UInt8(x0 >> 8), UInt8(x0 & 0xF8), UInt8(x1 >> 8), UInt8(x1 & 0xFF | 0x07),
            UInt8(y0 >> 8), UInt8(y0 & 0xFF), UInt8(y1 >> 8), UInt8(y1 & 0xFF), 0x01,
        ])
    }

    /// The window's pixels into one of the images, inverted (1 = black).
    func write(_ window: PixelRect, to image: UInt8, inverted: Bool = false) throws(DisplayError) {
        try link.send(command: image)
        try link.sendData(packedBytes(of: window).map { inverted ? $0 : ~$0 })
    }
}
