import Panel

extension LockScreenConfig {
    /// `[display] output = "epd"`: the HAT's model, its spidev and GPIO chip, and pin
    /// overrides (BCM numbers).
    static func epdTarget(_ table: TOMLTable, at path: String, reader: inout ConfigReader) -> OutputOptions.Target? {
        let names = EPDModel.all.map(\.name)
        guard table["model"] != nil else {
            reader.report(table.line, "\(path).model", "output = \"epd\" needs a model: one of \(names.joined(separator: ", ")) (lockscreend --epd list)")
            return nil
        }
        guard let name = reader.choice(table, "model", at: path, from: names), let model = EPDModel.named(name) else { return nil }
        var pins = SPILink.Pins.waveshare
        func pin(_ key: String) -> UInt32? { reader.integer(table, key, at: path, in: 0...511).map(UInt32.init) }
        if let dc = pin("dc") { pins.dc = dc }
        if let reset = pin("rst") { pins.reset = reset }
        if let busy = pin("busy") { pins.busy = busy }
        if let cs = pin("cs") { pins.chipSelect = cs }
        return .epd(model: model, spi: reader.string(table, "spi", at: path) ?? "/dev/spidev0.0", gpiochip: reader.string(table, "gpiochip", at: path), pins: pins)
    }

    /// The keys only `output = "epd"` reads.
    static let epdKeys = ["model", "spi", "gpiochip", "dc", "rst", "busy", "cs"]
}
