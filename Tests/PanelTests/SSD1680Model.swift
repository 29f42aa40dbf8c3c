import Canvas
import FoundationEssentials
@testable import Panel

/// A software model of the SSD1680 controller, from its datasheet: what the bytes on
/// the wire (with the D/C level), the reset pulses and the waits on BUSY do to its two
/// RAMs, its window and address counters, its deep sleep, and the glass. Not run against
/// a real panel here; the driver is tested against this.
final class SSD1680Model {
    enum Violation: Equatable {
        case commandWhileAsleep(UInt8)
        case dataWithoutCommand
        case unsupportedDataEntryMode(UInt8)
        /// A partial refresh while the second RAM did not hold what the glass shows:
        /// mode 2 would drive the wrong pixels and leave ghosts.
        case partialWithStalePreviousRAM
        case unknownUpdateSequence(UInt8)
    }

    enum Refresh: Equatable {
        case full
        /// With the number of pixels that differed between the two RAMs.
        case partial(changed: Int)
    }

    let width: Int
    let height: Int
    let rowBytes: Int
    /// RAM 0x24 (black/white), RAM 0x26 (previous), and what the glass shows, row-major,
    /// `rowBytes` a row, bit 1 white. Power-on RAM holds noise: 0x5A here.
    var blackWhite: [UInt8]
    var previous: [UInt8]
    var glass: [UInt8]
    private(set) var asleep = false
    private(set) var resets = 0
    private(set) var softwareResets = 0
    private(set) var refreshes: [Refresh] = []
    private(set) var violations: [Violation] = []
    /// Bytes written into each RAM since the last refresh, and the windows they went in.
    private(set) var windowsWritten: [(ram: UInt8, x: ClosedRange<Int>, y: ClosedRange<Int>)] = []

    private var command: UInt8?
    private var parameters: [UInt8] = []
    private var xWindow = 0...0, yWindow = 0...0
    private var xCounter = 0, yCounter = 0
    private var updateSequence: UInt8 = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        rowBytes = (width + 7) / 8
        blackWhite = Array(repeating: 0x5A, count: rowBytes * height)
        previous = blackWhite
        glass = Array(repeating: 0xFF, count: rowBytes * height)
    }

    func reset() {
        asleep = false
        resets += 1
        command = nil
    }

    func receive(command byte: UInt8) {
        guard !asleep else {
            violations.append(.commandWhileAsleep(byte))
            return
        }
        command = byte
        parameters = []
        switch byte {
        case 0x12:
            softwareResets += 1
            xWindow = 0...(rowBytes - 1)
            yWindow = 0...(height - 1)
        case 0x20: activate()
        case 0x24, 0x26: windowsWritten.append((byte, xWindow, yWindow))
        default: break
        }
    }

    func receive(data bytes: some Collection<UInt8>) {
        guard let command, !asleep else {
            violations.append(asleep ? .commandWhileAsleep(command ?? 0) : .dataWithoutCommand)
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
        switch (command, p.count) {
        case (0x10, 1): asleep = p[0] != 0
        case (0x11, 1): if p[0] != 0x03 { violations.append(.unsupportedDataEntryMode(p[0])) }
        case (0x22, 1): updateSequence = p[0]
        case (0x44, 2): xWindow = Int(p[0])...Int(p[1])
        case (0x45, 4): yWindow = (Int(p[0]) | Int(p[1]) << 8)...(Int(p[2]) | Int(p[3]) << 8)
        case (0x4E, 1): xCounter = Int(p[0])
        case (0x4F, 2): yCounter = Int(p[0]) | Int(p[1]) << 8
        default: break
        }
    }

    /// Data entry mode 3: x counts up inside the window, then y.
    private func writeRAM(_ ram: UInt8, _ byte: UInt8) {
        if xCounter < rowBytes && yCounter < height {
            if ram == 0x24 { blackWhite[yCounter * rowBytes + xCounter] = byte } else { previous[yCounter * rowBytes + xCounter] = byte }
        }
        xCounter += 1
        if xCounter > xWindow.upperBound {
            xCounter = xWindow.lowerBound
            yCounter = yCounter >= yWindow.upperBound ? yWindow.lowerBound : yCounter + 1
        }
    }

    private func activate() {
        switch updateSequence {
        case 0xF7, 0xC7:
            glass = blackWhite
            refreshes.append(.full)
        case 0xFF, 0x0F, 0xFC:
            if previous != glass { violations.append(.partialWithStalePreviousRAM) }
            var changed = 0
            for (a, b) in zip(blackWhite, previous) { changed += (a ^ b).nonzeroBitCount }
            glass = blackWhite
            refreshes.append(.partial(changed: changed))
        default:
            violations.append(.unknownUpdateSequence(updateSequence))
        }
    }

    /// Forgets what was written since, for checking the next update on its own.
    func clearWindows() { windowsWritten = [] }
}

/// The wires, as the driver uses them, ending in the model: what a HAT would see.
final class ModelLink: EPDLink {
    enum Event: Equatable {
        case reset, command(UInt8), data(Int), wait
    }

    let model: SSD1680Model
    let name = "model"
    private(set) var events: [Event] = []
    private(set) var bytes = 0
    /// A BUSY line that never clears.
    var stuck = false

    init(model: SSD1680Model) { self.model = model }

    func reset() throws(DisplayError) {
        events.append(.reset)
        model.reset()
    }

    func send(command: UInt8, data: [UInt8]) throws(DisplayError) {
        events.append(.command(command))
        model.receive(command: command)
        bytes += 1 + data.count
        if !data.isEmpty {
            events.append(.data(data.count))
            model.receive(data: data)
        }
    }

    func sendData(_ raw: [UInt8]) throws(DisplayError) {
        events.append(.data(raw.count))
        bytes += raw.count
        model.receive(data: raw)
    }

    func waitUntilIdle(timeout: Double) throws(DisplayError) {
        events.append(.wait)
        if stuck { throw .panelBusy(path: name, seconds: timeout) }
    }

    func close() {}

    func clear() {
        events = []
        bytes = 0
    }
}
