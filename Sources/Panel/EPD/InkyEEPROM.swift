import CEPaperBus
import FoundationEssentials
import Glibc
import PanelOptions

/// The identity Pimoroni writes into the EEPROM of each Inky board (I²C address 0x50,
/// 16-bit offsets, from offset 0): width and height (little-endian 16-bit), a colour
/// code, the PCB's and the display's variant, and the date it was written. `model =
/// "inky"` reads it to pick the driver.
package struct InkyEEPROM: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var colour: UInt8
    package var pcbVariant: UInt8
    package var displayVariant: UInt8
    package var written: String

    /// The record's size: 2 + 2 + 1 + 1 + 1 bytes and a 22-byte length-prefixed string.
    static let size = 29
    package static let address: UInt16 = 0x50

    /// Reads the record from `bytes`; nil when it is too short or blank (0xFF, as an
    /// erased EEPROM reads).
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.size, bytes[0..<7].contains(where: { $0 != 0xFF }) else { return nil }
        width = Int(bytes[0]) | Int(bytes[1]) << 8
        height = Int(bytes[2]) | Int(bytes[3]) << 8
        colour = bytes[4]
        pcbVariant = bytes[5]
        displayVariant = bytes[6]
        let length = min(Int(bytes[7]), 21)
        written = String(decoding: bytes[8..<(8 + length)].filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
    }

    /// The model this board is, by its display variant; nil for boards lockscreend has
    /// no driver for (the first pHAT and wHAT generation, the 13.3" Spectra 6).
    package var model: EPDModel? {
        let name: String? = switch displayVariant {
        case 10: "inky-phat-black"
        case 11: "inky-phat-red"
        case 12: "inky-phat-yellow"
        case 14: "inky-impression-5in7"
        case 15, 16: "inky-impression-4in"
        case 17: "inky-what-black"
        case 18: "inky-what-red"
        case 19: "inky-what-yellow"
        case 20: "inky-impression-7in3"
        case 22: "inky-impression-7in3-spectra6"
        default: nil
        }
        return name.flatMap(EPDModel.named)
    }

    /// Reads the board's EEPROM on the I²C bus `bus`; an absent board, a bus not enabled
    /// or a board without a driver is one line saying which.
    package static func read(bus: String) throws(DisplayError) -> (eeprom: InkyEEPROM, model: EPDModel) {
        var bytes = [UInt8](repeating: 0, count: size)
        var message = [CChar](repeating: 0, count: 256)
        let error = bytes.withUnsafeMutableBufferPointer { CEPaperBus_i2c_read(bus, address, 0, $0.baseAddress, $0.count, &message, message.count) }
        switch error {
        case 0: break
        case ENOENT: throw .deviceFailed(path: bus, call: "open", reason: "no such I²C bus: enable it (dtparam=i2c_arm=on in /boot/firmware/config.txt) and reboot, or name the model instead of \"inky\"")
        case EACCES, EPERM: throw .deviceFailed(path: bus, call: "open", reason: "permission denied: add the user to the 'i2c' group")
        default: throw .deviceFailed(path: bus, call: "read the Inky EEPROM at 0x50", reason: "no answer (is an Inky board on the header?), or name the model instead of \"inky\"")
        }
        guard let eeprom = InkyEEPROM(bytes) else {
            throw .deviceFailed(path: bus, call: "read the Inky EEPROM", reason: "the EEPROM is blank: name the model instead of \"inky\" (lockscreend --epd list)")
        }
        guard let model = eeprom.model else {
            throw .deviceFailed(path: bus, call: "read the Inky EEPROM", reason: "display variant \(eeprom.displayVariant) (\(eeprom.width)×\(eeprom.height)) has no driver in lockscreend")
        }
        return (eeprom, model)
    }
}
