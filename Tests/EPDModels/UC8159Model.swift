import Canvas
import FoundationEssentials
import Panel
import PanelOptions

/// A software model of the UC8159 family (UC8159, AC073TC1A, E673), from the datasheets
/// and the panel makers' sequences: a reset, the set-up, the whole image at four bits an
/// ink (DTM1), power on, refresh, power off, deep sleep with its check code.
package final class UC8159Model: ControllerModel {
    package let width: Int
    package let height: Int
    package let format = PixelFormat.palette4
    /// The inks a pixel may take (others are a driver's mistake).
    let inks: Set<UInt8>
    package var image: [UInt8]
    package var glass: [UInt8]
    package private(set) var asleep = true
    package private(set) var poweredOn = false
    package private(set) var resets = 0
    package private(set) var refreshes = 0
    package private(set) var violations: [String] = []
    /// Image bytes received since start.
    package private(set) var imageBytes = 0

    private var command: UInt8?
    private var parameters: [UInt8] = []
    private var cursor = 0
    private var resolution: (Int, Int)?

    package init(width: Int, height: Int, palette: PanelPalette) {
        self.width = width
        self.height = height
        inks = Set(palette.inks.map(\.index))
        image = Array(repeating: 0x77, count: width / 2 * height)
        glass = Array(repeating: 0x11, count: width / 2 * height)
    }

    package func reset() {
        asleep = false
        poweredOn = false
        resets += 1
        resolution = nil
        command = nil
    }

    package func receive(command byte: UInt8) {
        guard !asleep else {
            violations.append("command 0x\(String(byte, radix: 16)) in deep sleep")
            return
        }
        command = byte
        parameters = []
        cursor = 0
        switch byte {
        case 0x04: poweredOn = true
        case 0x02: poweredOn = false
        case 0x12:
            guard poweredOn, resolution.map({ $0 == (width, height) }) == true else {
                violations.append("refresh \(poweredOn ? "before the resolution was set" : "with the panel powered off")")
                return
            }
            glass = image
            refreshes += 1
        default: break
        }
    }

    package func receive(data bytes: [UInt8]) {
        guard let command, !asleep else {
            violations.append("data without a command, or in deep sleep")
            return
        }
        if command == 0x10 {
            for byte in bytes {
                guard cursor < image.count else {
                    violations.append("image data past the glass")
                    return
                }
                if !inks.contains(byte >> 4) || !inks.contains(byte & 0x0F) { violations.append("ink outside the panel's palette: 0x\(String(byte, radix: 16))") }
                image[cursor] = byte
                cursor += 1
            }
            imageBytes += bytes.count
            return
        }
        parameters += bytes
        switch (command, parameters.count) {
        case (0x61, 4): resolution = (Int(parameters[0]) << 8 | Int(parameters[1]), Int(parameters[2]) << 8 | Int(parameters[3]))
        case (0x07, 1):
            guard parameters[0] == 0xA5 else { return violations.append("deep sleep without its check code") }
            if poweredOn { violations.append("deep sleep with the panel powered on") }
            asleep = true
        default: break
        }
    }

    package func glassPixels() -> [UInt8] { glass }
}
