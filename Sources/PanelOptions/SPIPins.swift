/// The board's GPIO lines (BCM numbers on a Raspberry Pi).
package struct SPIPins: Sendable, Hashable {
    /// Data/command; nil on boards without one (IT8951's host interface).
    package var dc: UInt32?
    package var reset: UInt32
    /// BUSY, or HRDY on an IT8951.
    package var busy: UInt32
    /// A chip select driven as a GPIO; nil when spidev's own CE line is used.
    package var chipSelect: UInt32?
    /// The board's power switch, held high while the daemon runs, where it has one.
    package var power: UInt32?

    package init(dc: UInt32?, reset: UInt32, busy: UInt32, chipSelect: UInt32? = nil, power: UInt32? = nil) {
        self.dc = dc
        self.reset = reset
        self.busy = busy
        self.chipSelect = chipSelect
        self.power = power
    }

    /// Waveshare's e-Paper HAT: DC on 25, RST on 17, BUSY on 24, CS on CE0, and the
    /// power switch of the board's later revisions on 18.
    package static let waveshare = SPIPins(dc: 25, reset: 17, busy: 24, power: 18)
    /// Waveshare's IT8951 HAT: RST on 17, HRDY on 24, and CS on 8 driven as a GPIO,
    /// as a transaction holds it low across several transfers.
    package static let waveshareIT8951 = SPIPins(dc: nil, reset: 17, busy: 24, chipSelect: 8)
    /// Pimoroni's Inky boards: DC on 22, RST on 27, BUSY on 17, CS on 8 driven as a
    /// GPIO (`dtoverlay=spi0-0cs` frees it).
    package static let pimoroni = SPIPins(dc: 22, reset: 27, busy: 17, chipSelect: 8)
}
