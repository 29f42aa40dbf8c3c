import FoundationEssentials

/// The wires between the daemon and an SPI e-paper controller, as a driver uses them:
/// a reset pulse, commands and their data (the D/C line low for a command byte, high for
/// data), and the BUSY line to wait on. `SPILink` drives a HAT through spidev and the
/// GPIO character device; the tests drive a model of the controller built from its
/// datasheet through the same calls.
package protocol EPDLink: AnyObject {
    /// For logs and errors: "/dev/spidev0.0".
    var name: String { get }
    /// Pulls RST low, then high, and waits for the controller to come up.
    func reset() throws(DisplayError)
    /// One command byte and its parameter bytes.
    func send(command: UInt8, data: [UInt8]) throws(DisplayError)
    /// Parameter bytes for the last command, many at once (a RAM write), sent in chunks
    /// the bus takes.
    func sendData(_ bytes: [UInt8]) throws(DisplayError)
    /// Waits while BUSY says the controller works, at most `timeout` seconds; a panel
    /// still busy then is an error, and the update is tried again later.
    func waitUntilIdle(timeout: Double) throws(DisplayError)
    /// Gives the lines and the bus back.
    func close()

    // The IT8951's host interface: transactions framed by chip select, raw 16-bit words.

    /// Pulls chip select low (true) or lets it go high; nothing where spidev drives it.
    func select(_ selected: Bool) throws(DisplayError)
    /// Bytes as they are, without touching D/C or chip select.
    func write(raw bytes: [UInt8]) throws(DisplayError)
    /// `count` bytes read while zeros go out.
    func read(count: Int) throws(DisplayError) -> [UInt8]
}

extension EPDLink {
    /// A command without parameters.
    package func send(command: UInt8) throws(DisplayError) { try send(command: command, data: []) }
}
