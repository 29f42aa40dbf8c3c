import CEPaperBus
import FoundationEssentials
import Glibc
import PanelOptions

/// An SPI e-paper HAT's wires on a Linux board: the bytes through spidev, D/C, RST (and
/// a chip select on a GPIO, where the board uses one) as outputs and BUSY as an input
/// of the GPIO character device, held under the consumer name "lockscreend" (`gpioinfo`
/// shows who holds them). No Python, no libgpiod. Not run on a HAT here: the same calls
/// drive the controller models of the tests.
package final class SPILink: EPDLink {
    /// The board's GPIO lines (BCM numbers on a Raspberry Pi).
    package typealias Pins = SPIPins

    package let name: String
    private let spi: Int32
    private let outputs: Int32
    private let busyLine: Int32
    private let hertz: UInt32
    private let pins: Pins
    /// Whether BUSY high means busy (SSD1680) or low (UC8179, UC8159).
    private let busyWhenHigh: Bool
    private var dcHigh: Bool?
    /// Indices of the lines in the output request.
    private let dcIndex: Int?, resetIndex: Int, chipSelectIndex: Int?, powerIndex: Int?

    /// Opens the bus; a missing device, a line another program holds or a permission
    /// problem is one line saying which and what to do.
    package init(spi path: String, gpiochip: String? = nil, pins: Pins = .waveshare, hertz: Int, busyWhenHigh: Bool = true) throws(DisplayError) {
        name = path
        self.hertz = UInt32(hertz)
        self.pins = pins
        self.busyWhenHigh = busyWhenHigh
        var message = [CChar](repeating: 0, count: 256)
        var fd: Int32 = -1
        var error = CEPaperBus_spi_open(path, UInt32(hertz), &fd, &message, message.count)
        guard error == 0 else { throw Self.explain(error, device: path, message: message, isSPI: true) }
        spi = fd
        let chip = gpiochip ?? Self.headerChip() ?? "/dev/gpiochip0"
        // The output lines in order: RST (high), then D/C (low), CS (high), power (on).
        var lines = [pins.reset], initial: [UInt8] = [1]
        func add(_ line: UInt32?, _ level: UInt8) -> Int? {
            guard let line else { return nil }
            lines.append(line)
            initial.append(level)
            return lines.count - 1
        }
        resetIndex = 0
        dcIndex = add(pins.dc, 0)
        chipSelectIndex = add(pins.chipSelect, 1)
        powerIndex = add(pins.power, 1)
        var out: Int32 = -1
        error = CEPaperBus_gpio_outputs(chip, lines, initial, lines.count, &out, &message, message.count)
        guard error == 0 else {
            Glibc.close(spi)
            throw Self.explain(error, device: chip, message: message, isSPI: false)
        }
        outputs = out
        var input: Int32 = -1
        error = CEPaperBus_gpio_input(chip, pins.busy, &input, &message, message.count)
        guard error == 0 else {
            Glibc.close(spi)
            Glibc.close(outputs)
            throw Self.explain(error, device: chip, message: message, isSPI: false)
        }
        busyLine = input
    }

    /// The GPIO chip of the 40-pin header: the one labelled `pinctrl-…`.
    static func headerChip() -> String? {
        var label = [CChar](repeating: 0, count: 64), message = [CChar](repeating: 0, count: 128)
        for n in 0..<16 {
            let chip = "/dev/gpiochip\(n)"
            guard CEPaperBus_gpio_chip_label(chip, &label, label.count, &message, message.count) == 0 else { continue }
            if String(decoding: label.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("pinctrl-") { return chip }
        }
        return nil
    }

    static func explain(_ error: Int32, device: String, message: [CChar], isSPI: Bool) -> DisplayError {
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch error {
        case ENOENT where isSPI:
            return .deviceFailed(path: device, call: "open", reason: "no such device: enable SPI (dtparam=spi=on in /boot/firmware/config.txt) and reboot")
        case ENOENT:
            return .deviceFailed(path: device, call: "open", reason: "no such GPIO chip (--gpiochip names another)")
        case EACCES, EPERM:
            return .deviceFailed(path: device, call: "open", reason: "permission denied: add the user to the '\(isSPI ? "spi" : "gpio")' group")
        case EBUSY:
            return .deviceFailed(path: device, call: "request", reason: "a line is held by another program (gpioinfo shows which): \(detail)")
        default:
            return .deviceFailed(path: device, call: isSPI ? "SPI" : "GPIO", reason: detail)
        }
    }

    private func setLine(_ index: Int, _ high: Bool) throws(DisplayError) {
        var message = [CChar](repeating: 0, count: 128)
        let error = CEPaperBus_gpio_set(outputs, 1 << UInt64(index), high ? 1 << UInt64(index) : 0, &message, message.count)
        guard error == 0 else { throw Self.explain(error, device: name, message: message, isSPI: false) }
    }

    private func write(_ bytes: [UInt8], dataLevel: Bool) throws(DisplayError) {
        if let dcIndex, dcHigh != dataLevel {
            try setLine(dcIndex, dataLevel)
            dcHigh = dataLevel
        }
        try select(true)
        defer { try? select(false) }
        try write(raw: bytes)
    }

    package func select(_ selected: Bool) throws(DisplayError) {
        if let chipSelectIndex { try setLine(chipSelectIndex, !selected) }
    }

    package func write(raw bytes: [UInt8]) throws(DisplayError) {
        var message = [CChar](repeating: 0, count: 128)
        let error = bytes.withUnsafeBufferPointer { CEPaperBus_spi_write(spi, $0.baseAddress, $0.count, hertz, &message, message.count) }
        guard error == 0 else { throw Self.explain(error, device: name, message: message, isSPI: true) }
    }

    package func read(count: Int) throws(DisplayError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var message = [CChar](repeating: 0, count: 128)
        let error = bytes.withUnsafeMutableBufferPointer { CEPaperBus_spi_read(spi, $0.baseAddress, $0.count, hertz, &message, message.count) }
        guard error == 0 else { throw Self.explain(error, device: name, message: message, isSPI: true) }
        return bytes
    }

    package func reset() throws(DisplayError) {
        // The datasheets' pulse: low for at least 10 µs (2 ms here, as the vendors'
        // drivers), then about 20 ms before the controller takes commands.
        try setLine(resetIndex, true)
        CEPaperBus_delay(20_000)
        try setLine(resetIndex, false)
        CEPaperBus_delay(2_000)
        try setLine(resetIndex, true)
        CEPaperBus_delay(20_000)
    }

    package func send(command: UInt8, data: [UInt8]) throws(DisplayError) {
        try write([command], dataLevel: false)
        if !data.isEmpty { try write(data, dataLevel: true) }
    }

    package func sendData(_ bytes: [UInt8]) throws(DisplayError) {
        try write(bytes, dataLevel: true)
    }

    package func waitUntilIdle(timeout: Double) throws(DisplayError) {
        let deadline = Date().addingTimeInterval(timeout)
        var message = [CChar](repeating: 0, count: 128)
        while true {
            var level: Int32 = 0
            let error = CEPaperBus_gpio_get(busyLine, &level, &message, message.count)
            guard error == 0 else { throw Self.explain(error, device: name, message: message, isSPI: false) }
            if (level == 1) != busyWhenHigh { return }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw .panelBusy(path: name, seconds: timeout) }
            // An edge wakes the wait at once; 50 ms bounds it where edges are not reported.
            let waited = CEPaperBus_gpio_wait_edge(busyLine, Int32(min(50, max(1, left * 1000))), &message, message.count)
            if waited != 0 && waited != ETIMEDOUT { throw Self.explain(waited, device: name, message: message, isSPI: false) }
        }
    }

    package func close() {
        // The controller sleeps by now; the board's power switch goes off with it.
        if let powerIndex { try? setLine(powerIndex, false) }
        Glibc.close(spi)
        Glibc.close(outputs)
        Glibc.close(busyLine)
    }
}
