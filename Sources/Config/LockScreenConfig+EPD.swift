import FoundationEssentials
import PanelOptions
import TOML

extension LockScreenConfig {
    /// `[display] output = "epd"`: the HAT's model, its spidev and GPIO chip, and pin
    /// overrides (BCM numbers).
    static func epdTarget(_ table: TOMLTable, at path: String, reader: inout ConfigReader) -> OutputOptions.Target? {
        let names = EPDModel.all.map(\.name) + [EPDOptions.inky]
        guard table["model"] != nil else {
            reader.report(table.line, "\(path).model", "output = \"epd\" needs a model: one of \(names.joined(separator: ", ")) (lockscreend --epd list)")
            return nil
        }
        guard let name = reader.choice(table, "model", at: path, from: names) else { return nil }
        let model = EPDModel.named(name)
        var options = EPDOptions(model: model)
        var pins = options.pins
        func pin(_ key: String) -> UInt32? { reader.integer(table, key, at: path, in: 0...511).map(UInt32.init) }
        if let dc = pin("dc") { pins.dc = dc }
        if let reset = pin("rst") { pins.reset = reset }
        if let busy = pin("busy") { pins.busy = busy }
        if let cs = pin("cs") { pins.chipSelect = cs }
        if let power = pin("power") { pins.power = power }
        var vcom: Double?
        if let value = table["vcom"] {
            if model?.controller != .it8951 {
                reader.report(value.line, "\(path).vcom", "only an IT8951 panel takes a VCOM (this model is \(name))")
            } else {
                vcom = reader.number(table, "vcom", at: path, in: EPDOptions.vcomRange, expected: EPDOptions.vcomExpected)
            }
        } else if model?.controller == .it8951 {
            reader.report(table.line, "\(path).vcom", "an IT8951 panel needs its VCOM: the volts printed on its cable, e.g. vcom = -1.48")
        }
        if let model, table["refresh_every"] != nil, model.refreshesPartially {
            reader.report(table["refresh_every"]!.line, "\(path).refresh_every", "\(model.name) refreshes partially; refresh_every is for panels that refresh only whole")
        } else {
            options.refreshEvery = reader.integer(table, "refresh_every", at: path, in: EPDOptions.refreshMinutes)
        }
        if let value = table["saturation"] {
            if let model, model.palette == nil {
                reader.report(value.line, "\(path).saturation", "only a colour panel's pictures take a saturation (this model is \(name), black and white)")
            } else {
                options.saturation = reader.number(table, "saturation", at: path, in: 0...1, expected: "0 (the inks' pure colours) to 1 (the inks as they look, the default)")
            }
        }
        if let spi = reader.string(table, "spi", at: path) { options.spi = spi }
        if let i2c = reader.string(table, "i2c", at: path) {
            if model == nil { options.i2c = i2c } else { reader.report(table["i2c"]!.line, "\(path).i2c", "only model = \"inky\" reads the board's EEPROM over I²C") }
        }
        options.gpiochip = reader.string(table, "gpiochip", at: path)
        options.pins = pins
        options.vcom = vcom
        return .epd(options)
    }

    /// The keys only `output = "epd"` reads.
    static let epdKeys = ["model", "spi", "gpiochip", "dc", "rst", "busy", "cs", "power", "vcom", "refresh_every", "i2c", "saturation"]
}
