import Canvas
import FoundationEssentials
import Panel
import PanelOptions

/// A software model of the SSD1680 family (SSD1680, SSD1681, SSD1683, SSD1608), from the
/// datasheets: what commands and data do to its two RAMs (black/white, and the previous
/// image or the red/yellow plane), its window and address counters, deep sleep, and the
/// glass.
package final class SSD1680Model: ControllerModel {
    package enum Refresh: Equatable, Sendable {
        case full
        /// With the number of pixels that differed between the two RAMs.
        case partial(changed: Int)
    }

    package let width: Int
    package let height: Int
    /// RAM bytes a row: the glass's, plus columns left of it (`columnOffset`).
    package let rowBytes: Int
    package let columnOffset: Int
    /// Tri-colour glass: RAM 0x26 is the colour plane, and only full refreshes show it.
    package let triColour: Bool
    /// RAM 0x24, RAM 0x26 and what the glass shows of each, row-major, bit 1 white (black
    /// plane) or coloured (colour plane). Power-on RAM holds noise: 0x5A here.
    package var blackWhite: [UInt8]
    package var previous: [UInt8]
    package var glass: [UInt8]
    package var glassColour: [UInt8]
    package private(set) var asleep = false
    package private(set) var resets = 0
    package private(set) var softwareResets = 0
    package private(set) var refreshes: [Refresh] = []
    /// The waveform each refresh ran: the LUT written to register 0x32, or nil for one the
    /// update sequence loaded from the panel's OTP.
    package private(set) var waveforms: [[UInt8]?] = []
    package private(set) var violations: [String] = []
    /// Each RAM write since the last `clearWindows()`, and the window (glass bytes, lines) it went in.
    package private(set) var windowsWritten: [(ram: UInt8, x: ClosedRange<Int>, y: ClosedRange<Int>)] = []

    private var command: UInt8?
    private var parameters: [UInt8] = []
    private var xWindow = 0...0
    /// The y window from its start to its end: downwards where y counts down.
    private var yWindow = (start: 0, end: 0)
    private var xCounter = 0, yCounter = 0
    private var updateSequence: UInt8 = 0
    /// Data entry mode: bit 0 x counts up (else down), bit 1 y counts up.
    private var dataEntry: UInt8 = 0x03
    /// Driver output control's TB bit: gates scanned from the last to the first, so RAM's
    /// last row is the glass's top one.
    private var gatesReversed = false
    /// The waveform in the registers: written to 0x32, or loaded from OTP.
    private var lut: [UInt8]?
    /// The board's 4-grey waveform, when its vendor has one: a full refresh that runs it
    /// ends each pixel at the grey its two RAM bits name (`SSD1680Greys.bits`).
    package var greys: SSD1680Greys?
    /// Each RAM pixel's grey (0 black to 3 white) since a 4-grey refresh; nil while the
    /// glass is black and white only.
    private var levels: [UInt8]?
    private var otpLoaded = false
    /// The gate scan the glass was last driven with: its top row is RAM's last.
    private var glassRowsReversed = false
    /// Clock and analog turned on by an update sequence and not off since.
    private var poweredOn = false
    /// The registers set since the last reset pulse or software reset: as the datasheets
    /// allow, and Waveshare's and GxEPD2's drivers assume, a reset returns every register
    /// to its power-on value, so a driver sets its panel up after every wake.
    private var set: Set<UInt8> = []

    package init(width: Int, height: Int, columnOffset: Int = 0, triColour: Bool = false) {
        self.width = width
        self.height = height
        self.columnOffset = columnOffset
        self.triColour = triColour
        rowBytes = (width + 7) / 8 + columnOffset
        blackWhite = Array(repeating: 0x5A, count: rowBytes * height)
        previous = blackWhite
        glass = Array(repeating: 0xFF, count: rowBytes * height)
        glassColour = Array(repeating: 0, count: rowBytes * height)
    }

    package convenience init(_ model: EPDModel) {
        self.init(width: model.width, height: model.height, columnOffset: model.ramColumnOffset, triColour: model.palette != nil)
        chip = model.chip
        greys = SSD1680Greys.vendor(for: model.name)
    }

    /// "SSD1608": no waveform of its own to load (a refresh needs a LUT written to 0x32
    /// since the last reset) and none of the SSD1680's temperature sensor (0x18) or
    /// source settings (0x21).
    package var chip = "SSD1680"

    package var format: PixelFormat { triColour ? .palette4 : .mono1 }

    package func reset() {
        asleep = false
        resets += 1
        command = nil
        set = []
        updateSequence = 0
        lut = nil
        otpLoaded = false
        poweredOn = false
    }

    package func receive(command byte: UInt8) {
        guard !asleep else {
            violations.append("command 0x\(String(byte, radix: 16)) while asleep")
            return
        }
        command = byte
        parameters = []
        if chip == "SSD1608", byte == 0x18 || byte == 0x21 {
            violations.append("command 0x\(String(byte, radix: 16)) is the SSD1680's; an SSD1608 has no such register")
        }
        switch byte {
        case 0x12:
            softwareResets += 1
            poweredOn = false
            set = []
            updateSequence = 0
            lut = nil
            otpLoaded = false
            dataEntry = 0x03
            gatesReversed = false
            xWindow = 0...(rowBytes - 1)
            yWindow = (0, height - 1)
        case 0x20: activate()
        case 0x24, 0x26:
            let rows = min(yWindow.start, yWindow.end)...max(yWindow.start, yWindow.end)
            windowsWritten.append((byte, (xWindow.lowerBound - columnOffset)...(xWindow.upperBound - columnOffset), gatesReversed ? (height - 1 - rows.upperBound)...(height - 1 - rows.lowerBound) : rows))
        default: break
        }
    }

    package func receive(data bytes: [UInt8]) {
        guard let command, !asleep else {
            violations.append(asleep ? "data while asleep" : "data without a command")
            return
        }
        switch command {
        case 0x24, 0x26:
            for byte in bytes { writeRAM(command, byte) }
        default:
            parameters += bytes
            apply(command, parameters)
        }
    }

    private func apply(_ command: UInt8, _ p: [UInt8]) {
        set.insert(command)
        switch (command, p.count) {
        case (0x01, 3):
            if Int(p[0]) | Int(p[1]) << 8 != height - 1 { violations.append("driver output control for \(Int(p[0]) | Int(p[1]) << 8 + 1) gates") }
            gatesReversed = p[2] & 0x01 != 0
        case (0x10, 1): asleep = p[0] != 0
        case (0x11, 1):
            dataEntry = p[0]
            if p[0] & 0x04 != 0 || p[0] & 0x01 == 0 { violations.append("data entry mode \(p[0]): x must count up, row by row") }
        case (0x21, 2) where (chip == "SSD1683" || chip == "SSD1681") && p[1] & 0x80 != 0:
            violations.append("display update control 1 with the SSD1680's source range (S8 to S167): the \(chip) drives \(chip == "SSD1683" ? 400 : 200) sources")
        case (0x32, _): lut = Array(p.prefix(153))
        case (0x22, 1): updateSequence = p[0]
        case (0x44, 2): xWindow = Int(p[0])...Int(p[1])
        case (0x45, 4): yWindow = (Int(p[0]) | Int(p[1]) << 8, Int(p[2]) | Int(p[3]) << 8)
        case (0x4E, 1): xCounter = Int(p[0])
        case (0x4F, 2): yCounter = Int(p[0]) | Int(p[1]) << 8
        default: break
        }
    }

    /// x counts up inside the window, then y moves on, up (data entry mode 3) or down (1).
    private func writeRAM(_ ram: UInt8, _ byte: UInt8) {
        if xCounter < columnOffset { violations.append("RAM write left of the glass, column byte \(xCounter)") }
        if xCounter < rowBytes && yCounter < height {
            if ram == 0x24 { blackWhite[yCounter * rowBytes + xCounter] = byte } else { previous[yCounter * rowBytes + xCounter] = byte }
        }
        xCounter += 1
        if xCounter > xWindow.upperBound {
            xCounter = xWindow.lowerBound
            // The window's y range runs from its start to its end in the counter's direction.
            if dataEntry & 0x02 != 0 {
                yCounter = yCounter >= max(yWindow.start, yWindow.end) ? yWindow.start : yCounter + 1
            } else {
                yCounter = yCounter <= min(yWindow.start, yWindow.end) ? yWindow.start : yCounter - 1
            }
        }
    }

    /// Runs the update sequence by its bits: clock and analog on (0xC0), the waveform
    /// loaded from OTP (0x10), the glass driven (0x04) in display mode 1 or 2 (0x08),
    /// analog off (0x02).
    private func activate() {
        // A sequence left at its reset value refreshes in full with the OTP's waveform (an
        // SSD1608 has none): Pimoroni's drivers, which work on the glass, never set it.
        let sequence = set.contains(0x22) ? updateSequence : chip == "SSD1608" ? 0xC7 : 0xF7
        if sequence & 0xC0 == 0xC0 { poweredOn = true }
        if sequence & 0x10 != 0 && chip != "SSD1608" {
            lut = nil
            otpLoaded = true
        }
        if sequence & 0x04 != 0 { display(modeTwo: sequence & 0x08 != 0, sequence: sequence) }
        if sequence & 0x02 != 0 { poweredOn = false }
    }

    private func display(modeTwo: Bool, sequence: UInt8) {
        for (register, name) in [(UInt8(0x01), "driver output control (the gate count)"), (0x11, "data entry mode")] where !set.contains(register) {
            violations.append("a refresh without \(name) since the last reset: it runs with the power-on value")
        }
        if !poweredOn { violations.append("update sequence 0x\(String(sequence, radix: 16)) drives the glass with the clock and analog off") }
        if lut == nil && !otpLoaded {
            violations.append("a refresh with no waveform: sequence 0x\(String(sequence, radix: 16)) loads none from OTP (an \(chip == "SSD1608" ? "SSD1608 has none" : "OTP load needs bit 0x10")) and none was written to 0x32 since the last reset: the glass does not change")
        }
        waveforms.append(lut)
        glassRowsReversed = gatesReversed
        if let greys, let lut, lut == Array(greys.waveform.lut.prefix(153)), sequence == greys.sequence {
            // The vendor's 4-grey waveform, run by its own sequence (the SSD1683's 0xCF has
            // the mode 2 bit set, yet drives every pixel to the grey its two bits name).
            var shown = [UInt8](repeating: 0, count: blackWhite.count * 8)
            for i in shown.indices {
                let mask = UInt8(0x80) >> UInt8(i % 8)
                let bits = (blackWhite[i / 8] & mask != 0 ? UInt8(1) : 0, previous[i / 8] & mask != 0 ? UInt8(1) : 0)
                shown[i] = UInt8(greys.bits.firstIndex { $0.blackWhite == bits.0 && $0.previous == bits.1 } ?? 3)
            }
            levels = shown
            glass = blackWhite.indices.map { byte in (0..<8).reduce(UInt8(0)) { $0 | (shown[byte * 8 + $1] >= 2 ? 0x80 >> UInt8($1) : 0) } }
            refreshes.append(.full)
        } else if modeTwo {
            if triColour { violations.append("a partial refresh of tri-colour glass (its colour needs the full waveform)") }
            // Where the glass shows a grey, either bit drives it right (to 0x24's value when
            // they differ, and a driver must make them differ); elsewhere 0x26 must be the glass.
            let greyBits = levels.map { levels in blackWhite.indices.map { byte in (0..<8).reduce(UInt8(0)) { $0 | (levels[byte * 8 + $1] == 1 || levels[byte * 8 + $1] == 2 ? 0x80 >> UInt8($1) : 0) } } }
            if zip(previous, glass).enumerated().contains(where: { i, pair in (pair.0 ^ pair.1) & ~(greyBits?[i] ?? 0) != 0 }) {
                violations.append("a partial refresh while RAM 0x26 did not hold what the glass shows: ghosts")
            }
            var changed = 0
            for (i, (a, b)) in zip(blackWhite, previous).enumerated() where a != b {
                changed += (a ^ b).nonzeroBitCount
                // Driven pixels end black or white; the greys of the others stay.
                for bit in 0..<8 where (a ^ b) & (0x80 >> bit) != 0 { levels?[i * 8 + bit] = a & (0x80 >> bit) != 0 ? 3 : 0 }
            }
            glass = blackWhite
            refreshes.append(.partial(changed: changed))
        } else {
            levels = nil
            glass = blackWhite
            if triColour { glassColour = previous }
            refreshes.append(.full)
        }
    }

    /// Forgets what was written since, for checking the next update on its own.
    package func clearWindows() { windowsWritten = [] }

    /// The RAM row the glass's row `y` shows.
    private func ramRow(_ y: Int) -> Int { glassRowsReversed ? height - 1 - y : y }

    package func glassPixels() -> [UInt8] {
        guard triColour else {
            return (0..<height).flatMap { glass[(ramRow($0) * rowBytes + columnOffset)..<((ramRow($0) + 1) * rowBytes)] }
        }
        // Inks: 0 black, 1 white, 2 colour; two pixels a byte.
        let stride = PixelFormat.palette4.minimumStride(width: width)
        var out = [UInt8](repeating: 0xFF, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = ramRow(y) * rowBytes + columnOffset + x / 8, bit = UInt8(0x80) >> UInt8(x & 7)
                let ink: UInt8 = glassColour[i] & bit != 0 ? 2 : glass[i] & bit == 0 ? 0 : 1
                let o = y * stride + x / 2
                out[o] = x & 1 == 0 ? (out[o] & 0x0F) | ink << 4 : (out[o] & 0xF0) | ink
            }
        }
        return out
    }

    package func glassGreys() -> [UInt8]? {
        guard greys != nil else { return nil }
        var out = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (ramRow(y) * rowBytes + columnOffset) * 8 + x
                out[y * width + x] = levels.map { $0[i] * 85 } ?? (glass[i / 8] & (0x80 >> UInt8(i % 8)) != 0 ? 255 : 0)
            }
        }
        return out
    }
}
