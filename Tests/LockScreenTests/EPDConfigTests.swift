import Foundation
import Panel
import Testing
@testable import Config
@testable import LockScreen
import TestSupport

@Suite("E-paper HAT configuration")
struct EPDConfigTests {
    @Test("output = \"epd\" takes a model, the devices and pin overrides, and is e-ink by default")
    func reads() throws {
        let config = try LockScreenConfig.parse("[display]\noutput = \"epd\"\nmodel = \"waveshare-2in9-v2\"\nspi = \"/dev/spidev0.1\"\nbusy = 5\ncs = 7", file: "t.toml", registry: .standard())
        guard case let .epd(model, spi, gpiochip, pins, vcom) = config.output.target else {
            Issue.record("target \(config.output.target)")
            return
        }
        #expect(model.name == "waveshare-2in9-v2" && spi == "/dev/spidev0.1" && gpiochip == nil && vcom == nil)
        #expect(pins == SPILink.Pins(dc: 25, reset: 17, busy: 5, chipSelect: 7, power: 18))
        #expect(config.output.eink != nil)
        #expect(config.output.refreshEvery == 0)
    }

    @Test("mistakes name file, line and key", arguments: [
        ("[display]\noutput = \"epd\"", "t.toml:1: display.model: output = \"epd\" needs a model"),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-2in13-v5\"", "t.toml:3: display.model:"),
        ("[display]\noutput = \"epd\"\nmodel = \"waveshare-2in13-v4\"\ndc = 900", "t.toml:4: display.dc:"),
        ("[display]\noutput = \"fb\"\nbusy = 24", "t.toml:3: display.busy: only applies with output = \"epd\""),
    ])
    func mistakes(text: String, expected: String) {
        do {
            _ = try LockScreenConfig.parse(text, file: "t.toml", registry: .standard())
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.issues.first.map { $0.description.hasPrefix(expected) } == true, "\(error.issues.map(\.description))")
        }
    }
}

@Suite("E-paper HAT benchmark")
struct EPDBenchTests {
    @Test("bench --panel epd:MODEL counts SPI bytes and busy time against whole frames with full refreshes")
    func hour() async throws {
        TestFonts.pin()
        let config = try LockScreenConfig.parse("[layout]\nrow = [\"note\"]\n[widgets.note]\nkind = \"text\"\ntext = \"Hi\"", file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        var bench = Benchmark(config: config, panel: .epd, start: testNow, duration: 3_600)
        bench.epdModel = EPDModel.named("waveshare-2in9-v2")!
        let report = try await bench.run()
        let bytes = try #require(report.spiBytes), whole = try #require(report.spiBytesWholeFrames)
        let busy = try #require(report.busySeconds), wholeBusy = try #require(report.busySecondsWholeFrames)
        #expect(report.updates >= 60)
        #expect(report.fullRefreshes >= 1)
        #expect(bytes * 5 < whole)
        #expect(busy * 3 < wholeBusy)
    }
}
