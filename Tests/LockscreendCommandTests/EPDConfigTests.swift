@testable import Config
import Foundation
@testable import LockScreen
@testable import LockscreendCommand
import Panel
import PanelOptions
import TestSupport
import Testing
import DaemonTestSupport
import Providers

@Suite("E-paper HAT configuration")
struct EPDConfigTests {
    @Test("output = \"epd\" takes a model, the devices and pin overrides, and is e-ink by default")
    func reads() throws {
        let config = try LockScreenConfig.parse("[display]\noutput = \"epd\"\nmodel = \"waveshare-2in9-v2\"\nspi = \"/dev/spidev0.1\"\nbusy = 5\ncs = 7", file: "t.toml", kinds: WidgetRegistry.standard().kinds, files: SystemFiles())
        guard case let .epd(options) = config.output.target else {
            Issue.record("target \(config.output.target)")
            return
        }
        #expect(options.model?.name == "waveshare-2in9-v2" && options.spi == "/dev/spidev0.1" && options.gpiochip == nil && options.vcom == nil)
        #expect(options.pins == SPILink.Pins(dc: 25, reset: 17, busy: 5, chipSelect: 7, power: 18))
        #expect(config.output.eink != nil)
        #expect(options.refreshEvery == nil)
    }

    @Test("an Inky is Pimoroni's wiring, an IT8951 takes its VCOM, a colour panel its refresh interval; \"inky\" reads the EEPROM")
    func perModel() throws {
        func options(_ lines: String) throws -> EPDOptions {
            let config = try LockScreenConfig.parse("[display]\noutput = \"epd\"\n" + lines, file: "t.toml", kinds: WidgetRegistry.standard().kinds, files: SystemFiles())
            guard case let .epd(options) = config.output.target else { throw CancellationError() }
            return options
        }
        #expect(try options("model = \"inky-what-red\"").pins == SPILink.Pins(dc: 22, reset: 27, busy: 17, chipSelect: 8))
        #expect(try options("model = \"waveshare-it8951\"\nvcom = -1.48").vcom == -1.48)
        #expect(try options("model = \"inky-impression-7in3\"\nrefresh_every = 15").refreshEvery == 15)
        // A colour panel's pictures: the saturation its display diffuses them at.
        let colour = try options("model = \"inky-impression-7in3\"\nsaturation = 0.5")
        #expect(colour.saturation == 0.5 && colour.model?.palette?.pictureInks(saturation: 0.5) != colour.model?.palette?.pictureInks())
        let inky = try options("model = \"inky\"\ni2c = \"/dev/i2c-3\"")
        #expect(inky.model == nil && inky.i2c == "/dev/i2c-3" && inky.pins == .pimoroni)
    }

    @Test("mistakes name file, line and key", arguments: [
        ("[display]\noutput = \"epd\"", "t.toml:1: display.model: output = \"epd\" needs a model"),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-2in13-v5\"", "t.toml:3: display.model:"),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-2in13-v4\"\ndc = 900", "t.toml:4: display.dc:"),
        ("[display]\noutput = \"fb\"\nbusy = 24", "t.toml:3: display.busy: only applies with output = \"epd\""),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-it8951\"", "t.toml:1: display.vcom: an IT8951 panel needs its VCOM"),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-it8951\"\nvcom = 1.5", "t.toml:4: display.vcom:"),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-2in13-v4\"\nvcom = -1.5", "t.toml:4: display.vcom: only an IT8951"),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-2in13-v4\"\nrefresh_every = 5", "t.toml:4: display.refresh_every: waveshare-2in13-v4 refreshes partially"),
        ("[display]\noutput = \"epd\"\nmodel = \"inky-phat-red\"\ni2c = \"/dev/i2c-1\"", "t.toml:4: display.i2c: only model = \"inky\""),
        ("[display]\noutput = \"epd\"\nmodel = \"inky-impression-5in7\"\nsaturation = 2", "t.toml:4: display.saturation:"),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-7in5-v2\"\nsaturation = 0.5", "t.toml:4: display.saturation: only a colour panel"),
    ])
    func mistakes(text: String, expected: String) {
        do {
            _ = try LockScreenConfig.parse(text, file: "t.toml", kinds: WidgetRegistry.standard().kinds, files: SystemFiles())
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.issues.first.map { $0.description.hasPrefix(expected) } == true, "\(error.issues.map(\.description))")
        }
    }
}

@Suite("E-paper HAT benchmark")
struct EPDBenchTests {
    @Test("bench --panel epd:MODEL counts SPI bytes and busy time against whole frames with full refreshes", arguments: ["waveshare-2in9-v2", "waveshare-7in5-v2"])
    func hour(name: String) async throws {
        TestFonts.pin()
        let config = try LockScreenConfig.parse("[layout]\nrow = [\"note\"]\n[widgets.note]\nkind = \"text\"\ntext = \"Hi\"", file: "t.toml", kinds: WidgetRegistry.standard(systemRoot: fixtureRoot).kinds, files: SystemFiles())
        var bench = Benchmark(config: config, panel: .epd, start: testNow, duration: 3_600)
        bench.epdModel = EPDModel.named(name)!
        let report = try await bench.run()
        let bytes = try #require(report.spiBytes), whole = try #require(report.spiBytesWholeFrames)
        let busy = try #require(report.busySeconds), wholeBusy = try #require(report.busySecondsWholeFrames)
        #expect(report.updates >= 60)
        #expect(report.fullRefreshes >= 1 && report.panelFullRefreshes == report.fullRefreshes)
        #expect((report.panelPartialRefreshes ?? 0) >= report.partialRefreshes)
        // A 4-grey cleaning refresh sends four planes where a black-and-white one sends two.
        #expect(bytes * (EPDModel.named(name)!.greys > 2 ? 3 : 5) < whole, "\(bytes) of \(whole)")
        #expect(busy * 3 < wholeBusy)
    }
}
