/// An e-paper HAT lockscreend can drive: its controller, glass size and colours, named
/// as the vendor names the board (`vendor-size-version`).
package struct EPDModel: Sendable, Hashable, CustomStringConvertible {
    /// The controller families, each one driver.
    package enum Controller: String, Sendable, Hashable {
        /// Solomon Systech SSD1680/SSD1681/SSD1683/SSD1608: black and white with a
        /// second RAM for the previous image, partial refresh of a window.
        case ssd1680
    }

    package let name: String
    package let controller: Controller
    /// The glass in the controller's own orientation: `width` source lines, `height`
    /// gate lines. Landscape use is `[display] rotate`.
    package let width: Int
    package let height: Int
    package let colours: String
    /// The SPI clock the vendor's driver uses.
    package let spiHertz: Int
    /// How long a full and a partial refresh keep the panel busy, from the datasheet.
    package let fullRefreshSeconds: Double
    package let partialRefreshSeconds: Double

    package var description: String { "\(name): \(width)×\(height), \(colours), \(controller.rawValue)" }

    /// The models known, as `lockscreend --epd list` prints them.
    package static let all: [EPDModel] = [
        EPDModel(name: "waveshare-2in13-v4", controller: .ssd1680, width: 122, height: 250, colours: "black/white", spiHertz: 4_000_000, fullRefreshSeconds: 2.0, partialRefreshSeconds: 0.3),
        EPDModel(name: "waveshare-2in9-v2", controller: .ssd1680, width: 128, height: 296, colours: "black/white", spiHertz: 4_000_000, fullRefreshSeconds: 3.0, partialRefreshSeconds: 0.3),
        EPDModel(name: "waveshare-1in54-v2", controller: .ssd1680, width: 200, height: 200, colours: "black/white", spiHertz: 4_000_000, fullRefreshSeconds: 2.0, partialRefreshSeconds: 0.3),
        EPDModel(name: "waveshare-4in2-v2", controller: .ssd1680, width: 400, height: 300, colours: "black/white", spiHertz: 4_000_000, fullRefreshSeconds: 3.5, partialRefreshSeconds: 0.4),
    ]

    /// The model named `name`, or nil.
    package static func named(_ name: String) -> EPDModel? { all.first { $0.name == name } }
}
