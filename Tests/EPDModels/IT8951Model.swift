import Canvas
import FoundationEssentials
import Panel
import PanelOptions

/// A software model of the ITE IT8951 over SPI, from its programming guide: transactions
/// framed by chip select that open with a preamble word (0x6000 command, 0x0000 write
/// data, 0x1000 read data, a dummy word first), the host commands (SYS_RUN, SLEEP,
/// REG_RD/WR, LD_IMG_AREA/END), the firmware's user commands (DPY_AREA, GET_DEV_INFO,
/// VCOM), its image buffer and the glass, at 16 greys.
package final class IT8951Model: ControllerModel {
    package let width: Int
    package let height: Int
    package let format = PixelFormat.gray4
    package let imageAddress: UInt32 = 0x0012_36E0
    /// The controller's image buffer and the glass, one grey level (0–15) a pixel.
    package var buffer: [UInt8]
    package var glass: [UInt8]
    package private(set) var asleep = false
    package private(set) var resets = 0
    package private(set) var violations: [String] = []
    /// Each DPY_AREA: the area and the display mode.
    package private(set) var displayed: [(area: PixelRect, mode: UInt16)] = []
    package private(set) var vcomMillivolts: UInt16?
    package private(set) var pixelBytes = 0
    var registers: [UInt16: UInt16] = [:]

    private var selected = false
    private var preamble: UInt16?
    private var pending: [UInt8] = []
    private var command: UInt16?
    private var arguments: [UInt16] = []
    private var loading: (area: PixelRect, word: Int)?
    private var reply: [UInt16] = []
    private var dummyRead = false

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        buffer = Array(repeating: 0x07, count: width * height)
        glass = Array(repeating: 0x0F, count: width * height)
    }

    package func reset() {
        resets += 1
        asleep = false
        registers = [:]
        command = nil
    }

    package func receive(command: UInt8) { violations.append("a D/C command byte: the IT8951 has no D/C line") }
    package func receive(data: [UInt8]) { violations.append("D/C data: the IT8951 has no D/C line") }

    package func select(_ on: Bool) {
        if on == selected { violations.append("chip select \(on ? "low" : "high") twice") }
        selected = on
        preamble = nil
        pending = []
    }

    package func write(raw bytes: [UInt8]) {
        guard selected else { return violations.append("bytes without chip select") }
        pending += bytes
        while pending.count >= 2 {
            let word = UInt16(pending[0]) << 8 | UInt16(pending[1])
            pending.removeFirst(2)
            if preamble == nil {
                preamble = word
                dummyRead = word == 0x1000
            } else {
                take(word)
            }
        }
    }

    package func read(count: Int) -> [UInt8] {
        guard selected, preamble == 0x1000 else {
            violations.append("a read outside a read transaction")
            return Array(repeating: 0, count: count)
        }
        if dummyRead {
            dummyRead = false
            if count != 2 { violations.append("the first read of a transaction is not the dummy word") }
            return [0, 0]
        }
        var bytes: [UInt8] = []
        for _ in 0..<count / 2 {
            let word = reply.isEmpty ? 0 : reply.removeFirst()
            bytes += [UInt8(word >> 8), UInt8(word & 0xFF)]
        }
        return bytes
    }

    private func take(_ word: UInt16) {
        switch preamble {
        case 0x6000: start(word)
        case 0x0000:
            if let load = loading {
                store(word, load)
            } else if let command {
                arguments.append(word)
                apply(command, arguments)
            } else {
                violations.append("data without a command")
            }
        default: violations.append("a word after preamble 0x\(String(preamble ?? 0, radix: 16))")
        }
    }

    private func start(_ code: UInt16) {
        if asleep && code != 0x0001 { violations.append("command 0x\(String(code, radix: 16)) while asleep") }
        if loading != nil && code != 0x0022 { violations.append("command 0x\(String(code, radix: 16)) inside an image load") }
        command = code
        arguments = []
        switch code {
        case 0x0001: asleep = false
        case 0x0003:
            if registers[0x1224, default: 0] != 0 { violations.append("sleep while the display engine runs") }
            asleep = true
        case 0x0022:
            if let load = loading, load.word != (load.area.width + 3) / 4 * load.area.height {
                violations.append("LD_IMG_END after \(load.word) of \((load.area.width + 3) / 4 * load.area.height) words")
            }
            loading = nil
        case 0x0302:
            reply = [UInt16(width), UInt16(height), UInt16(imageAddress & 0xFFFF), UInt16(imageAddress >> 16)] + Array(repeating: 0x3030, count: 16)
        default: break
        }
    }

    private func apply(_ code: UInt16, _ a: [UInt16]) {
        switch (code, a.count) {
        case (0x0010, 1): reply = [registers[a[0], default: 0]]
        case (0x0011, 2): registers[a[0]] = a[1]
        case (0x0039, 2): if a[0] == 1 { vcomMillivolts = a[1] }
        case (0x0021, 5):
            let address = UInt32(registers[0x0208, default: 0]) | UInt32(registers[0x020A, default: 0]) << 16
            if address != imageAddress { violations.append("image load to 0x\(String(address, radix: 16)), not the buffer GET_DEV_INFO named") }
            if registers[0x0004] != 1 { violations.append("image load without packed writes (I80CPCR)") }
            if a[0] != 0x0020 { violations.append("image load of format 0x\(String(a[0], radix: 16)), the driver sends 4-bit little-endian") }
            let area = PixelRect(x: Int(a[1]), y: Int(a[2]), width: Int(a[3]), height: Int(a[4]))
            if area.x % 4 != 0 || area.maxX > width || area.maxY > height { violations.append("image area \(area)") }
            loading = (area, 0)
        case (0x0034, 5):
            let area = PixelRect(x: Int(a[0]), y: Int(a[1]), width: Int(a[2]), height: Int(a[3]))
            for y in area.y..<min(height, area.maxY) {
                for x in area.x..<min(width, area.maxX) { glass[y * width + x] = buffer[y * width + x] }
            }
            displayed.append((area, a[4]))
        default: break
        }
    }

    /// A word of pixels: four, the leftmost in the lowest nibble.
    private func store(_ word: UInt16, _ load: (area: PixelRect, word: Int)) {
        let perRow = (load.area.width + 3) / 4
        let y = load.area.y + load.word / perRow
        for k in 0..<4 {
            let x = load.area.x + load.word % perRow * 4 + k
            if x < load.area.maxX, x < width, y < height { buffer[y * width + x] = UInt8(word >> (4 * k) & 0x0F) }
        }
        pixelBytes += 2
        loading = (load.area, load.word + 1)
    }

    package func glassPixels() -> [UInt8] {
        var out = [UInt8](repeating: 0xFF, count: (width + 1) / 2 * height)
        for y in 0..<height {
            for x in 0..<width {
                let o = y * ((width + 1) / 2) + x / 2
                out[o] = x & 1 == 0 ? (out[o] & 0x0F) | glass[y * width + x] << 4 : (out[o] & 0xF0) | glass[y * width + x]
            }
        }
        return out
    }
}
