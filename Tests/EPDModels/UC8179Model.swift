import Canvas
import FoundationEssentials
import Panel
import PanelOptions

/// A software model of the UltraChip UC8179 in black/white (KW) mode, from its datasheet:
/// the old (DTM1) and new (DTM2) images, the partial window (PTIN, PTL, PTOUT), power on
/// and off, deep sleep with its check code, and the glass. Data bits are 1 for black
/// (DDX = 00).
package final class UC8179Model: ControllerModel {
    package enum Refresh: Equatable, Sendable {
        case full
        /// The window refreshed and how many of its pixels changed.
        case partial(x: ClosedRange<Int>, y: ClosedRange<Int>, changed: Int)
    }

    package let width: Int
    package let height: Int
    package let format = PixelFormat.mono1
    let rowBytes: Int
    /// The two images and the glass, bit 1 black.
    package var old: [UInt8]
    package var new: [UInt8]
    package var glass: [UInt8]
    package private(set) var asleep = false
    package private(set) var poweredOn = false
    package private(set) var resets = 0
    package private(set) var refreshes: [Refresh] = []
    package private(set) var violations: [String] = []
    /// Bytes written into each image since `clearCounts()`.
    package private(set) var imageBytes: [UInt8: Int] = [:]

    private var command: UInt8?
    private var parameters: [UInt8] = []
    private var partialMode = false
    private var window = (x: 0...0, y: 0...0)
    private var cursor = 0
    private var resolutionSet = false

    /// Glass whose OTP has the 4-grey waveform Waveshare's 7.5" V2 driver selects by
    /// forcing the temperature to 0x5F: a full refresh with it ends each pixel at the grey
    /// its two image bits name (1 darkens: both black, new alone dark, old alone light).
    package let showsGreys: Bool
    /// Each pixel's grey since a 4-grey refresh (0 black to 3 white), row by row in whole bytes.
    private var levels: [UInt8]?

    package init(width: Int, height: Int, showsGreys: Bool = false) {
        self.width = width
        self.height = height
        self.showsGreys = showsGreys
        rowBytes = (width + 7) / 8
        old = Array(repeating: 0xA5, count: rowBytes * height)
        new = old
        glass = Array(repeating: 0, count: rowBytes * height)
    }

    package func reset() {
        asleep = false
        poweredOn = false
        partialMode = false
        resets += 1
        command = nil
        // A reset returns the registers to their power-on values.
        resolutionSet = false
        forcedTemperature = nil
        oldWritten = false
    }

    /// 0xE0 bit 1 with 0xE5's value: the temperature the waveform is chosen by.
    private var temperatureFromRegister = false
    private var forcedTemperature: UInt8?
    /// The old image written since the last reset.
    private var oldWritten = false
    /// 0x50's N2OCP: copy the new image into the old one after a refresh.
    private var copiesNewToOld = false

    package func receive(command byte: UInt8) {
        guard !asleep else {
            violations.append("command 0x\(String(byte, radix: 16)) in deep sleep")
            return
        }
        command = byte
        parameters = []
        cursor = 0
        switch byte {
        case 0x02: poweredOn = false
        case 0x04: poweredOn = true
        case 0x12: refresh()
        case 0x91: partialMode = true
        case 0x92: partialMode = false
        default: break
        }
    }

    package func receive(data bytes: [UInt8]) {
        guard let command, !asleep else {
            violations.append("data without a command, or in deep sleep")
            return
        }
        switch command {
        case 0x10, 0x13:
            imageBytes[command, default: 0] += bytes.count
            for byte in bytes { store(byte, into: command) }
        default:
            parameters += bytes
            apply(command, parameters)
        }
    }

    private func apply(_ command: UInt8, _ p: [UInt8]) {
        switch (command, p.count) {
        case (0x00, 1): if p[0] & 0x10 == 0 { violations.append("panel setting without black/white mode: 0x\(String(p[0], radix: 16))") }
        case (0x07, 1):
            if p[0] == 0xA5 {
                if poweredOn { violations.append("deep sleep with the panel powered on") }
                asleep = true
            } else {
                violations.append("deep sleep without its check code 0xA5")
            }
        case (0xE0, 1): temperatureFromRegister = p[0] & 0x02 != 0
            if !temperatureFromRegister { forcedTemperature = nil }
        case (0xE5, 1): if temperatureFromRegister { forcedTemperature = p[0] }
        case (0x50, 2):
            copiesNewToOld = p[0] & 0x08 != 0
            if p[0] & 0x03 != 0 { violations.append("data polarity DDX = \(p[0] & 0x03), the driver sends 1 for black") }
        case (0x61, 4):
            resolutionSet = true
            if Int(p[0]) << 8 | Int(p[1]) != width || Int(p[2]) << 8 | Int(p[3]) != height { violations.append("resolution \(p)") }
        case (0x90, 9):
            let x0 = Int(p[0]) << 8 | Int(p[1]), x1 = Int(p[2]) << 8 | Int(p[3])
            let y0 = Int(p[4]) << 8 | Int(p[5]), y1 = Int(p[6]) << 8 | Int(p[7])
            if x0 % 8 != 0 || x1 % 8 != 7 { violations.append("partial window x \(x0)...\(x1) not on whole bytes") }
            window = ((x0 / 8)...(x1 / 8), y0...y1)
        default: break
        }
    }

    /// Image data fills the partial window in partial mode, the whole image otherwise,
    /// row by row.
    private func store(_ byte: UInt8, into image: UInt8) {
        let (xs, ys) = partialMode ? window : (0...(rowBytes - 1), 0...(height - 1))
        let across = xs.count
        let x = xs.lowerBound + cursor % across, y = ys.lowerBound + cursor / across
        cursor += 1
        guard y <= ys.upperBound, x < rowBytes, y < height else {
            violations.append("image data past its window")
            return
        }
        if image == 0x10 {
            old[y * rowBytes + x] = byte
            oldWritten = true
        } else {
            new[y * rowBytes + x] = byte
        }
    }

    private func refresh() {
        guard poweredOn, resolutionSet else {
            violations.append("refresh with the panel \(poweredOn ? "not set up" : "powered off")")
            return
        }
        guard partialMode else {
            if showsGreys && forcedTemperature == 0x5F {
                if !oldWritten { violations.append("a 4-grey refresh without the old image written since the reset") }
                levels = (0..<(rowBytes * 8 * height)).map { i in
                    let mask = UInt8(0x80) >> UInt8(i % 8)
                    switch (old[i / 8] & mask != 0, new[i / 8] & mask != 0) {
                    case (true, true): return 0
                    case (false, true): return 1
                    case (true, false): return 2
                    case (false, false): return 3
                    }
                }
                glass = (0..<(rowBytes * height)).map { byte in (0..<8).reduce(UInt8(0)) { $0 | (levels![byte * 8 + $1] < 2 ? 0x80 >> UInt8($1) : 0) } }
                if copiesNewToOld { violations.append("a 4-grey refresh that copies the new image into the old one") }
                refreshes.append(.full)
                return
            }
            levels = nil
            if forcedTemperature != nil { violations.append("a full refresh with the temperature forced for the partial waveform") }
            if !oldWritten { violations.append("a full refresh without the old image written since the reset: it compares against power-on RAM") }
            glass = new
            // N2OCP: the new image becomes the old one after the refresh.
            if copiesNewToOld { old = new }
            refreshes.append(.full)
            return
        }
        if forcedTemperature == nil {
            violations.append("a partial window without the forced temperature (0xE0 0x02, 0xE5): the full, flashing waveform runs in it")
        }
        // Where the glass shows a grey, the old image may hold either value (a driver makes
        // it differ from the new one there, so the pixel is driven); elsewhere, the glass.
        let differs = (0..<old.count).contains { i in
            let greys = levels.map { levels in (0..<8).reduce(UInt8(0)) { $0 | (levels[i * 8 + $1] == 1 || levels[i * 8 + $1] == 2 ? 0x80 >> UInt8($1) : 0) } } ?? 0
            return (old[i] ^ glass[i]) & ~greys != 0
        }
        if differs { violations.append("a partial refresh while the old image is not what the glass shows: ghosts") }
        var changed = 0
        for y in window.y {
            for x in window.x {
                let i = y * rowBytes + x
                changed += (glass[i] ^ new[i]).nonzeroBitCount
                glass[i] = new[i]
                for bit in 0..<8 { levels?[i * 8 + bit] = new[i] & (0x80 >> UInt8(bit)) != 0 ? 0 : 3 }
            }
        }
        refreshes.append(.partial(x: window.x, y: window.y, changed: changed))
    }

    package func clearCounts() { imageBytes = [:] }

    package func glassPixels() -> [UInt8] { glass.map { ~$0 } }

    package func glassGreys() -> [UInt8]? {
        guard showsGreys else { return nil }
        var out = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * rowBytes * 8 + x
                out[y * width + x] = levels.map { $0[i] * 85 } ?? (glass[i / 8] & (0x80 >> UInt8(x % 8)) != 0 ? 0 : 255)
            }
        }
        return out
    }
}
