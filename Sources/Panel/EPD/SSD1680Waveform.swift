/// A waveform a driver writes into an SSD1680-family controller's registers, where the
/// refresh then runs it instead of one loaded from the panel's OTP, with the voltages it
/// was made for.
///
/// The LUT (register 0x32, 153 bytes) is laid out as the SSD1680 and SSD1681 datasheets
/// lay it out: five rows of twelve voltage-selection bytes (LUT0 to LUT4, one row per
/// transition of a pixel between the two RAMs), twelve groups of seven timing bytes (the
/// phases' lengths and repeat counts), six frame-rate bytes and three gate-scan bytes.
/// After it come the registers the vendor sets with it: the end option (0x3F), the gate
/// voltage (0x03), three source voltages (0x04) and VCOM (0x2C).
///
/// Waveshare's 2.9" V2 and 1.54" V2 drivers load these tables before every refresh; their
/// bytes are Waveshare's (`epd2in9_V2.py` and `epd1in54_V2.py` in PyPI's
/// `waveshare-epaper` 1.4.0, the e-paper conformance run's oracle).
package struct SSD1680Waveform: Sendable, Equatable {
    /// The 153 bytes of register 0x32.
    package let lut: [UInt8]
    package let endOption: UInt8
    package let gateVoltage: UInt8
    package let sourceVoltages: [UInt8]
    package let vcom: UInt8

    /// - Parameters:
    ///   - voltages: LUT0 to LUT3's voltage selections (LUT4 and unlisted bytes are 0).
    ///   - timings: the timing groups that are not all zeros, by group number.
    ///   - frameRate: the frame-rate byte repeated for the six of them.
    init(voltages: [[UInt8]], timings: [Int: [UInt8]], frameRate: UInt8, endOption: UInt8,
         gateVoltage: UInt8, sourceVoltages: [UInt8], vcom: UInt8) {
        self.init(lut: Self.layout(voltages: voltages, timings: timings, frameRates: Array(repeating: frameRate, count: 6)),
                  endOption: endOption, gateVoltage: gateVoltage, sourceVoltages: sourceVoltages, vcom: vcom)
    }

    /// A 153-byte LUT laid out as above: voltage rows (LUT0 to LUT4), the timing groups
    /// that are not all zeros, six frame rates; the gate-scan bytes zero.
    static func layout(voltages: [[UInt8]], timings: [Int: [UInt8]], frameRates: [UInt8]) -> [UInt8] {
        var lut = [UInt8](repeating: 0, count: 153)
        for (row, bytes) in voltages.enumerated() {
            lut.replaceSubrange(row * 12..<(row * 12 + bytes.count), with: bytes)
        }
        for (group, bytes) in timings {
            lut.replaceSubrange(60 + group * 7..<(60 + group * 7 + bytes.count), with: bytes)
        }
        lut.replaceSubrange(144..<150, with: frameRates)
        return lut
    }

    /// A LUT given whole (an SSD1683's 227 bytes, or a 153-byte one whose frame rates
    /// differ phase by phase), with the registers set beside it.
    init(lut: [UInt8], endOption: UInt8, gateVoltage: UInt8, sourceVoltages: [UInt8], vcom: UInt8) {
        self.lut = lut
        self.endOption = endOption
        self.gateVoltage = gateVoltage
        self.sourceVoltages = sourceVoltages
        self.vcom = vcom
    }

    /// Writes the LUT and its voltages, as the vendor's `SetLut` does.
    func load(on link: any EPDLink, busyTimeout: Double) throws(DisplayError) {
        try link.send(command: SSD1680Device.Command.writeLUT, data: lut)
        try link.waitUntilIdle(timeout: busyTimeout)
        try link.send(command: SSD1680Device.Command.endOption, data: [endOption])
        try link.send(command: SSD1680Device.Command.gateVoltage, data: [gateVoltage])
        try link.send(command: SSD1680Device.Command.sourceVoltage, data: sourceVoltages)
        try link.send(command: SSD1680Device.Command.writeVCOM, data: [vcom])
    }

    /// A panel's pair: the full refresh's and the partial one's, and the update sequence
    /// that runs the partial one (display mode 2: only pixels whose two RAMs differ).
    package struct Pair: Sendable, Equatable {
        package let full: SSD1680Waveform
        package let partial: SSD1680Waveform
        package let partialSequence: UInt8
    }

    /// The pair Waveshare's driver loads for the board named `model`, or nil where the
    /// vendor runs the panel's own OTP waveforms.
    package static func vendor(for model: String) -> Pair? {
        switch model {
        case "waveshare-2in9-v2": waveshare2in9V2
        case "waveshare-1in54-v2": waveshare1in54V2
        default: nil
        }
    }

    /// The partial waveform both boards share but for its timing: black to white and white
    /// to black in one phase, unchanged pixels held.
    private static let partialVoltages: [[UInt8]] = [[0x00, 0x40], [0x80, 0x80], [0x40, 0x40], [0x00, 0x80]]

    /// The 2.9" V2's: `WS_20_30` (the full waveform for 20–30 °C) and `WF_PARTIAL_2IN9`.
    static let waveshare2in9V2 = Pair(
        full: SSD1680Waveform(
            voltages: [[0x80, 0x66, 0, 0, 0, 0, 0, 0, 0x40], [0x10, 0x66, 0, 0, 0, 0, 0, 0, 0x20],
                       [0x80, 0x66, 0, 0, 0, 0, 0, 0, 0x40], [0x10, 0x66, 0, 0, 0, 0, 0, 0, 0x20]],
            timings: [0: [0x14, 0x08, 0, 0, 0, 0, 0x02], 1: [0x0A, 0x0A, 0, 0x0A, 0x0A, 0, 0x01],
                      8: [0x14, 0x08, 0, 0x01, 0, 0, 0x01], 9: [0, 0, 0, 0, 0, 0, 0x01]],
            frameRate: 0x44, endOption: 0x22, gateVoltage: 0x17, sourceVoltages: [0x41, 0x00, 0x32], vcom: 0x36),
        partial: SSD1680Waveform(
            voltages: partialVoltages,
            timings: [0: [0x0A, 0, 0, 0, 0, 0, 0x01], 1: [0x01], 2: [0x01]],
            frameRate: 0x22, endOption: 0x22, gateVoltage: 0x17, sourceVoltages: [0x41, 0xB0, 0x32], vcom: 0x36),
        partialSequence: 0x0F)

    /// The 1.54" V2's: `WF_Full_1IN54` and `WF_PARTIAL_1IN54_0`.
    static let waveshare1in54V2 = Pair(
        full: SSD1680Waveform(
            voltages: [[0x80, 0x48, 0x40], [0x40, 0x48, 0x80], [0x80, 0x48, 0x40], [0x40, 0x48, 0x80]],
            timings: [0: [0x0A], 1: [0x08, 0x01, 0, 0x08, 0x01, 0, 0x02], 2: [0x0A]],
            frameRate: 0x22, endOption: 0x22, gateVoltage: 0x17, sourceVoltages: [0x41, 0x00, 0x32], vcom: 0x20),
        partial: SSD1680Waveform(
            voltages: partialVoltages,
            timings: [0: [0x0F], 1: [0x01, 0x01]],
            frameRate: 0x22, endOption: 0x02, gateVoltage: 0x17, sourceVoltages: [0x41, 0xB0, 0x32], vcom: 0x28),
        partialSequence: 0xCF)
}
