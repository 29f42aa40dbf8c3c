/// An e-paper HAT lockscreend can drive: its controller, glass size and inks, wiring and
/// timings, named as the vendor names the board (`vendor-size-version`).
package struct EPDModel: Sendable, Hashable, CustomStringConvertible {
    /// The controller families, each one driver.
    package enum Controller: String, Sendable, Hashable {
        /// Solomon Systech SSD1680/SSD1681/SSD1683/SSD1608: a black/white RAM and a second
        /// one (the previous image, or the red/yellow plane), partial refresh of a window.
        case ssd1680
        /// UltraChip UC8179: old and new data RAMs, a partial window (Waveshare 7.5" V2).
        case uc8179
        /// UltraChip UC8159 and its successors AC073TC1A and E673: four bits an ink, the
        /// whole glass in one refresh of tens of seconds (Inky Impression).
        case uc8159
        /// ITE IT8951: 16 greys, area loads and the waveform chosen per area, a
        /// 16-bit host interface over SPI (Waveshare's 6"–10.3" HAT).
        case it8951
    }

    package let name: String
    package let controller: Controller
    /// The glass in the controller's own orientation: `width` source lines, `height`
    /// gate lines. Landscape use is `[display] rotate`. An IT8951 reports its own.
    package let width: Int
    package let height: Int
    /// The inks of a colour panel; nil for black and white (and the IT8951's greys).
    package let palette: PanelPalette?
    /// The SPI clock the vendor's driver uses.
    package let spiHertz: Int
    /// How long a full and a partial refresh keep the panel busy, from the datasheets and
    /// the vendors' figures.
    package let fullRefreshSeconds: Double
    package let partialRefreshSeconds: Double
    /// False for panels that can only refresh all of their glass (colour inks, and the
    /// SSD1608 without a partial waveform): every update is a full one, batched.
    package let refreshesPartially: Bool
    /// The vendor's wiring.
    package let pins: SPIPins
    /// BUSY high means busy (Solomon Systech), or low (UltraChip); the IT8951's HRDY is
    /// high when ready.
    package let busyWhenHigh: Bool
    /// Bytes of RAM columns left of the glass (the Inky pHAT's 122 lines sit in 136).
    package let ramColumnOffset: Int
    /// The controller chip as its datasheet names it: "SSD1608", "AC073TC1A". Members of
    /// one family differ in their set-up, which the driver picks by this.
    package let chip: String
    /// The greys a full refresh shows: 4 on the black-and-white glass whose vendor drives
    /// it in four greys (Waveshare's `display_4Gray`), 2 on the rest; partial refreshes
    /// stay black and white. (The IT8951's sixteen are its pixel format's.)
    package let greys: Int

    package var pixelFormat: PixelFormat {
        switch controller {
        case .it8951: .gray4
        case .uc8159: .palette4
        case .ssd1680, .uc8179: palette == nil ? .mono1 : .palette4
        }
    }

    /// The bytes of one whole image as the controller takes it: a bit plane, two on
    /// tri-colour glass, or four bits a pixel.
    package var frameBytes: Int {
        let plane = PixelFormat.mono1.minimumStride(width: width) * height
        switch controller {
        case .ssd1680, .uc8179: return palette == nil ? plane : 2 * plane
        case .uc8159, .it8951: return PixelFormat.gray4.minimumStride(width: width) * height
        }
    }

    package var colours: String {
        palette?.name ?? (controller == .it8951 ? "16 greys" : greys > 2 ? "\(greys) greys (black/white partial)" : "black/white")
    }

    /// For panels that refresh only whole: the fewest minutes between two refreshes by
    /// default (`[display] refresh_every`), a refresh being tens of seconds of flashing.
    package var defaultRefreshMinutes: Int {
        refreshesPartially ? 0 : fullRefreshSeconds >= 10 ? 5 : 1
    }

    package var description: String {
        let size = controller == .it8951 ? "size read from the controller" : "\(width)×\(height)"
        let refresh = refreshesPartially ? "partial refresh" : "full refresh only"
        return "\(name): \(size), \(colours), \(chip), \(refresh)"
    }

    package static func == (a: EPDModel, b: EPDModel) -> Bool { a.name == b.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    init(
        _ name: String, _ controller: Controller, _ width: Int, _ height: Int, palette: PanelPalette? = nil, spiHertz: Int = 4_000_000,
        full: Double, partial: Double = 0, partially: Bool = true, pins: SPIPins = .waveshare, busyWhenHigh: Bool = true,
        ramColumnOffset: Int = 0, chip: String, greys: Int = 2
    ) {
        self.name = name
        self.controller = controller
        self.width = width
        self.height = height
        self.palette = palette
        self.spiHertz = spiHertz
        fullRefreshSeconds = full
        partialRefreshSeconds = partial
        refreshesPartially = partially && palette == nil
        self.pins = pins
        self.busyWhenHigh = busyWhenHigh
        self.ramColumnOffset = ramColumnOffset
        self.chip = chip
        self.greys = greys
    }

    /// The models known, as `lockscreend --epd list` prints them.
    package static let all: [EPDModel] = [
        EPDModel("waveshare-2in13-v4", .ssd1680, 122, 250, full: 2.0, partial: 0.3, chip: "SSD1680"),
        EPDModel("waveshare-2in9-v2", .ssd1680, 128, 296, full: 3.0, partial: 0.3, chip: "SSD1680", greys: 4),
        EPDModel("waveshare-1in54-v2", .ssd1680, 200, 200, full: 2.0, partial: 0.3, chip: "SSD1681"),
        EPDModel("waveshare-4in2-v2", .ssd1680, 400, 300, full: 3.5, partial: 0.4, chip: "SSD1683", greys: 4),
        EPDModel("waveshare-7in5-v2", .uc8179, 800, 480, spiHertz: 10_000_000, full: 5.0, partial: 0.4, busyWhenHigh: false, chip: "UC8179", greys: 4),
        EPDModel("waveshare-it8951", .it8951, 1872, 1404, spiHertz: 12_000_000, full: 0.45, partial: 0.26, pins: .waveshareIT8951, busyWhenHigh: false, chip: "IT8951"),
        EPDModel("inky-phat-black", .ssd1680, 122, 250, spiHertz: 488_000, full: 2.0, partially: false, pins: .pimoroni, ramColumnOffset: 1, chip: "SSD1608"),
        EPDModel("inky-phat-red", .ssd1680, 122, 250, palette: .blackWhiteRed, spiHertz: 488_000, full: 15, pins: .pimoroni, ramColumnOffset: 1, chip: "SSD1608"),
        EPDModel("inky-phat-yellow", .ssd1680, 122, 250, palette: .blackWhiteYellow, spiHertz: 488_000, full: 15, pins: .pimoroni, ramColumnOffset: 1, chip: "SSD1608"),
        EPDModel("inky-what-black", .ssd1680, 400, 300, spiHertz: 1_000_000, full: 3.0, partial: 0.4, pins: .pimoroni, chip: "SSD1683"),
        EPDModel("inky-what-red", .ssd1680, 400, 300, palette: .blackWhiteRed, spiHertz: 1_000_000, full: 20, pins: .pimoroni, chip: "SSD1683"),
        EPDModel("inky-what-yellow", .ssd1680, 400, 300, palette: .blackWhiteYellow, spiHertz: 1_000_000, full: 20, pins: .pimoroni, chip: "SSD1683"),
        EPDModel("inky-impression-4in", .uc8159, 640, 400, palette: .sevenColour, spiHertz: 3_000_000, full: 30, pins: .pimoroni, busyWhenHigh: false, chip: "UC8159"),
        EPDModel("inky-impression-5in7", .uc8159, 600, 448, palette: .sevenColour, spiHertz: 3_000_000, full: 30, pins: .pimoroni, busyWhenHigh: false, chip: "UC8159"),
        EPDModel("inky-impression-7in3", .uc8159, 800, 480, palette: .sevenColourAC073, spiHertz: 5_000_000, full: 41, pins: .pimoroni, busyWhenHigh: false, chip: "AC073TC1A"),
        EPDModel("inky-impression-7in3-spectra6", .uc8159, 800, 480, palette: .spectra6, spiHertz: 1_000_000, full: 30, pins: .pimoroni, busyWhenHigh: false, chip: "E673"),
    ]

    /// This model driven in black and white only, its full refreshes too: what the
    /// e-paper conformance run compares with a vendor's black-and-white flow.
    package var blackAndWhite: EPDModel {
        EPDModel(name, controller, width, height, palette: palette, spiHertz: spiHertz, full: fullRefreshSeconds, partial: partialRefreshSeconds,
                 partially: refreshesPartially, pins: pins, busyWhenHigh: busyWhenHigh, ramColumnOffset: ramColumnOffset, chip: chip)
    }

    /// The model named `name`, or nil.
    package static func named(_ name: String) -> EPDModel? { all.first { $0.name == name } }
}
