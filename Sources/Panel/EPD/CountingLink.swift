import PanelOptions

/// A link to no panel that counts the bytes a HAT would get over SPI; the drivers tally
/// their refreshes themselves. What `lockscreend bench --panel epd:MODEL` drives. Reads
/// answer as an idle controller would: zeros, except an IT8951's device information,
/// which names the model's nominal size.
package final class CountingLink: EPDLink {
    package let model: EPDModel
    package let name = "bench"
    package private(set) var bytes = 0

    package init(model: EPDModel) { self.model = model }

    package func reset() throws(DisplayError) {}

    package func send(command: UInt8, data: [UInt8]) throws(DisplayError) { bytes += 1 + data.count }

    package func sendData(_ bytes: [UInt8]) throws(DisplayError) { self.bytes += bytes.count }

    package func waitUntilIdle(timeout: Double) throws(DisplayError) {}

    package func close() {}

    package func select(_ selected: Bool) throws(DisplayError) {}

    package func write(raw bytes: [UInt8]) throws(DisplayError) { self.bytes += bytes.count }

    package func read(count: Int) throws(DisplayError) -> [UInt8] {
        bytes += count
        guard count == 40 else { return Array(repeating: 0, count: count) }
        // GET_DEV_INFO: width, height, image buffer address (low, high), then versions.
        let words = [UInt16(model.width), UInt16(model.height), 0x1000, 0x0012] + Array(repeating: 0, count: 16)
        return words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
