import Canvas
import FoundationEssentials
import PanelOptions

/// A 16-grey panel behind an ITE IT8951 timing controller: Waveshare's 6" to 10.3" HAT.
///
/// The IT8951 speaks 16-bit words over SPI in transactions: chip select low, a preamble
/// word (command, write data or read data), HRDY high again, then the words. The panel's
/// size and the address of the controller's image buffer come from `GET_DEV_INFO`; VCOM
/// is set from the configuration (it is printed on the panel's cable). Each update wakes
/// the controller (`SYS_RUN`), loads every damaged area at four bits a pixel
/// (`LD_IMG_AREA`), shows it with the waveform the e-ink policy chose for it
/// (`DPY_AREA`: DU, GL16 or GC16), waits for the display engine and puts the controller
/// to sleep. Word and register numbers are the IT8951's I80/SPI programming guide's.
package final class IT8951Device: EPDDevice {
    /// Host commands and the user-defined ones of the IT8951's firmware.
    package enum Command {
        static let systemRun: UInt16 = 0x0001
        static let sleep: UInt16 = 0x0003
        static let readRegister: UInt16 = 0x0010
        static let writeRegister: UInt16 = 0x0011
        static let loadImageArea: UInt16 = 0x0021
        static let loadImageEnd: UInt16 = 0x0022
        static let displayArea: UInt16 = 0x0034
        static let vcom: UInt16 = 0x0039
        static let deviceInfo: UInt16 = 0x0302
    }

    /// Registers: packed writes on, the image buffer's address, the display engine's state.
    package enum Register {
        static let packedWrites: UInt16 = 0x0004
        static let imageAddressLow: UInt16 = 0x0208
        static let imageAddressHigh: UInt16 = 0x020A
        static let lutEngineBusy: UInt16 = 0x1224
    }

    /// The preamble words that open a transaction.
    package enum Preamble {
        static let command: UInt16 = 0x6000
        static let writeData: UInt16 = 0x0000
        static let readData: UInt16 = 0x1000
    }

    /// The display modes of Waveshare's panels' waveform tables.
    static func mode(_ waveform: Waveform) -> UInt16 {
        switch waveform {
        case .du: 1
        case .gc16: 2
        case .gl16: 3
        }
    }

    package let model: EPDModel
    package let link: any EPDLink
    package let format = PixelFormat.gray4
    package let width: Int
    package let height: Int
    package let stride: Int
    package let pixels: UnsafeMutableRawBufferPointer
    package var busyTimeout = 30.0
    package private(set) var tally = EPDTally()
    package var onFlush: ((PanelUpdate) -> Void)?
    /// The controller's image buffer, from `GET_DEV_INFO`.
    let imageAddress: UInt32
    private var asleep = false

    package var name: String { "\(model.name) \(width)×\(height) on \(link.name)" }

    /// Resets the controller, reads the panel's size and sets VCOM (in volts, negative).
    package init(model: EPDModel, link: any EPDLink, vcom: Double?) throws(DisplayError) {
        self.model = model
        self.link = link
        try link.reset()
        try link.waitUntilIdle(timeout: busyTimeout)
        try Self.command(Command.systemRun, link: link)
        try Self.command(Command.deviceInfo, link: link)
        let info = try Self.readWords(20, link: link)
        let (w, h) = (Int(info[0]), Int(info[1]))
        guard (64...4096).contains(w), (64...4096).contains(h) else {
            throw .deviceFailed(path: link.name, call: "GET_DEV_INFO", reason: "the IT8951 reported a \(w)×\(h) panel: check the HAT's cable and that its switch is on SPI")
        }
        width = w
        height = h
        imageAddress = UInt32(info[2]) | UInt32(info[3]) << 16
        stride = PixelFormat.gray4.minimumStride(width: w)
        pixels = .allocate(byteCount: stride * h, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0xFF)
        if let vcom {
            try Self.command(Command.vcom, link: link)
            try Self.writeWords([1], link: link)
            try Self.writeWords([UInt16(min(5000, max(0, (-vcom * 1000).rounded())))], link: link)
        }
        try writeRegister(Register.packedWrites, 1)
    }

    deinit { pixels.deallocate() }

    package func flush(_ update: PanelUpdate) throws(DisplayError) {
        onFlush?(update)
        if asleep {
            try Self.command(Command.systemRun, link: link)
            asleep = false
        }
        try waitForDisplayEngine()
        try writeRegister(Register.imageAddressHigh, UInt16(imageAddress >> 16))
        try writeRegister(Register.imageAddressLow, UInt16(imageAddress & 0xFFFF))
        var areas = 0
        for (index, rect) in update.rects.enumerated() {
            let area = wordAligned(rect)
            guard !area.isEmpty else { continue }
            let waveform = index < update.waveforms.count ? update.waveforms[index] : (update.refresh == .full ? .gc16 : .gl16)
            // Little-endian words, 4 bits a pixel, not rotated.
            try Self.command(Command.loadImageArea, link: link)
            for word in [UInt16(0 << 8 | 2 << 4 | 0), UInt16(area.x), UInt16(area.y), UInt16(area.width), UInt16(area.height)] {
                try Self.writeWords([word], link: link)
            }
            try Self.writeBytes(areaBytes(area), link: link)
            try Self.command(Command.loadImageEnd, link: link)
            try Self.command(Command.displayArea, link: link)
            for word in [UInt16(area.x), UInt16(area.y), UInt16(area.width), UInt16(area.height), Self.mode(waveform)] {
                try Self.writeWords([word], link: link)
            }
            areas += 1
        }
        tally.refreshed(full: update.refresh == .full, model: model, areas: areas, concurrent: true)
        try waitForDisplayEngine()
        try Self.command(Command.sleep, link: link)
        asleep = true
    }

    /// Waits for the display engine, then leaves the controller asleep.
    package func close() {
        if !asleep {
            try? waitForDisplayEngine()
            try? Self.command(Command.sleep, link: link)
            asleep = true
        }
        link.close()
    }

    /// `rect` widened to whole 16-bit words (four pixels).
    func wordAligned(_ rect: PixelRect) -> PixelRect {
        let left = rect.x / 4 * 4
        let right = min(width, (rect.maxX + 3) / 4 * 4)
        return PixelRect(x: left, y: rect.y, width: right - left, height: rect.height)
    }

    /// The area's pixels as the IT8951 takes little-endian 4-bit words over SPI: each word
    /// holds four pixels, the leftmost in its lowest nibble, and goes high byte first.
    func areaBytes(_ area: PixelRect) -> [UInt8] {
        let words = (area.width + 3) / 4
        var bytes = [UInt8](repeating: 0xFF, count: words * 2 * area.height)
        let source = pixels.bindMemory(to: UInt8.self)
        func level(_ x: Int, _ row: Int) -> UInt8 {
            guard x < width else { return 0x0F }
            let byte = source[row + x / 2]
            return x & 1 == 0 ? byte >> 4 : byte & 0x0F
        }
        for y in 0..<area.height {
            let row = (area.y + y) * stride
            for w in 0..<words {
                let x = area.x + w * 4
                let i = (y * words + w) * 2
                bytes[i] = level(x + 3, row) << 4 | level(x + 2, row)
                bytes[i + 1] = level(x + 1, row) << 4 | level(x, row)
            }
        }
        return bytes
    }

    private func waitForDisplayEngine() throws(DisplayError) {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while try readRegister(Register.lutEngineBusy) != 0 {
            guard Date() < deadline else { throw .panelBusy(path: link.name, seconds: busyTimeout) }
            try link.waitUntilIdle(timeout: busyTimeout)
        }
    }

    private func readRegister(_ register: UInt16) throws(DisplayError) -> UInt16 {
        try Self.command(Command.readRegister, link: link)
        try Self.writeWords([register], link: link)
        return try Self.readWords(1, link: link)[0]
    }

    private func writeRegister(_ register: UInt16, _ value: UInt16) throws(DisplayError) {
        try Self.command(Command.writeRegister, link: link)
        try Self.writeWords([register], link: link)
        try Self.writeWords([value], link: link)
    }

    // MARK: Transactions

    private static func transaction(_ preamble: UInt16, link: any EPDLink, _ body: () throws(DisplayError) -> Void) throws(DisplayError) {
        try link.waitUntilIdle(timeout: 10)
        try link.select(true)
        do {
            try link.write(raw: [UInt8(preamble >> 8), UInt8(preamble & 0xFF)])
            try link.waitUntilIdle(timeout: 10)
            try body()
        } catch {
            try? link.select(false)
            throw error
        }
        try link.select(false)
    }

    static func command(_ code: UInt16, link: any EPDLink) throws(DisplayError) {
        try transaction(Preamble.command, link: link) { () throws(DisplayError) in try link.write(raw: [UInt8(code >> 8), UInt8(code & 0xFF)]) }
    }

    static func writeWords(_ words: [UInt16], link: any EPDLink) throws(DisplayError) {
        try writeBytes(words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, link: link)
    }

    static func writeBytes(_ bytes: [UInt8], link: any EPDLink) throws(DisplayError) {
        try transaction(Preamble.writeData, link: link) { () throws(DisplayError) in try link.write(raw: bytes) }
    }

    /// `count` words; the first word read after the preamble is a dummy.
    static func readWords(_ count: Int, link: any EPDLink) throws(DisplayError) -> [UInt16] {
        var bytes: [UInt8] = []
        try transaction(Preamble.readData, link: link) { () throws(DisplayError) in
            _ = try link.read(count: 2)
            try link.waitUntilIdle(timeout: 10)
            bytes = try link.read(count: count * 2)
        }
        return (0..<count).map { UInt16(bytes[2 * $0]) << 8 | UInt16(bytes[2 * $0 + 1]) }
    }
}
