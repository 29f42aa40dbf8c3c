/// A link to no panel that counts what a HAT would get: the bytes over SPI and how long
/// the panel would stay busy, by the model's refresh times. What `lockscreend bench
/// --panel epd:MODEL` drives.
package final class CountingLink: EPDLink {
    package let model: EPDModel
    package let name = "bench"
    package private(set) var bytes = 0
    package private(set) var busySeconds = 0.0
    private var lastCommand: UInt8 = 0
    private var updateSequence: UInt8 = 0

    package init(model: EPDModel) { self.model = model }

    package func reset() throws(DisplayError) {}

    package func send(command: UInt8, data: [UInt8]) throws(DisplayError) {
        bytes += 1 + data.count
        lastCommand = command
        if command == SSD1680Device.Command.displayUpdateControl2, let sequence = data.first { updateSequence = sequence }
        if command == SSD1680Device.Command.masterActivation {
            busySeconds += updateSequence == SSD1680Device.partialSequence ? model.partialRefreshSeconds : model.fullRefreshSeconds
        }
    }

    package func sendData(_ bytes: [UInt8]) throws(DisplayError) { self.bytes += bytes.count }

    package func waitUntilIdle(timeout: Double) throws(DisplayError) {}

    package func close() {}
}
