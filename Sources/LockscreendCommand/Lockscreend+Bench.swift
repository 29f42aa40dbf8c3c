import ArgumentParser
import Canvas
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Logging
import PanelOptions
import Providers

extension Lockscreend {
    /// A simulated day through the real pipeline, against the full-redraw baseline.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench",
            abstract: "Play a configuration through simulated time with the real engine, renderer, damage and panel code, and report what reached the panel against redrawing everything.")

        @Option(help: ArgumentHelp("The configuration to play (bench/desk.toml is the standard workload).", valueName: "FILE"))
        var config: String = "bench/desk.toml"

        @Option(help: ArgumentHelp("How long to simulate: 24h, 90m, 3600s.", valueName: "SPAN"), transform: parseSpan)
        var simulate: TimeInterval = 86_400

        @Option(help: "The panel: tft (an SPI TFT, RGB565), hdmi (a screen scanned out from memory, XRGB8888), eink (16 grey levels, refresh policy) or epd:MODEL (an SPI e-paper HAT's driver; lockscreend --epd list).", transform: parsePanel)
        var panel: BenchPanel = BenchPanel(kind: .tft, model: nil)

        @Option(help: "When the simulation starts (ISO 8601; the recordings in bench/ are for this day).", transform: parseTimestamp)
        var at: Date = Date(timeIntervalSince1970: 1_795_305_600)

        @Flag(help: "Print one JSON object.")
        var json = false

        @Option(help: ArgumentHelp("Instead of playing: check a generated configuration of N keys in one table (40000 fills the 1 MiB limit) and one of a tenth as many, 5 times each, and report the medians and their ratio (10 is linear).", valueName: "N"))
        var parseKeys: Int?

        func run() async throws {
            if let parseKeys {
                return print(ConfigParseBench(keys: max(10, min(parseKeys, 60_000))).run())
            }
            let registry = WidgetRegistry.standard()
            let loaded: LockScreenConfig
            do {
                loaded = try LockScreenConfig.load(path: config, kinds: registry.kinds, files: SystemFiles())
            } catch {
                throw ConfigFailure(errors: error)
            }
            var benchmark = Benchmark(config: loaded, registry: registry, panel: panel.kind, start: at, duration: simulate)
            if let model = panel.model { benchmark.epdModel = model }
            let report = try await benchmark.run()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
                return
            }
            let r = report
            print("""
                \(config), \(panel.model.map { "epd:\($0.name)" } ?? panel.kind.rawValue) panel, \(Int(simulate)) s simulated
                updates              \(r.updates) (\(r.partialRefreshes) partial, \(r.fullRefreshes) full)
                pixels flushed       \(r.pixelsFlushed) in \(r.rectanglesFlushed) rectangles
                pixels changed       \(r.pixelsChanged)
                slots unchanged      \(r.unchangedSlots) (placed as shown, not drawn again)
                slots laid out ahead \(r.slotsLaidOutAhead) (once the frame before was up), \(r.slotsDrawnAhead) drawn then too
                full redraw would    \(r.pixelsFullRedraw)
                flushed / full       \(CFormat.string("%.5f", r.flushedVsFullRedraw))
                flushed / changed    \(CFormat.string("%.2f", r.flushedVsChanged))
                render ms p50/p99/max \(CFormat.string("%.2f / %.2f / %.2f", r.renderMsP50, r.renderMsP99, r.renderMsMax))
                CPU seconds          \(CFormat.string("%.2f", r.cpuSeconds))
                peak RSS             \(CFormat.string("%.1f", r.peakRssMb)) MB (10^6 bytes)
                """)
            if let bytes = r.spiBytes, let whole = r.spiBytesWholeFrames, let busy = r.busySeconds, let wholeBusy = r.busySecondsWholeFrames {
                print("panel refreshes      \(r.panelPartialRefreshes ?? 0) partial, \(r.panelFullRefreshes ?? 0) full")
                print("SPI bytes            \(bytes) (whole frames, full refreshes: \(whole))")
                print("panel busy seconds   \(CFormat.string("%.1f", busy)) (whole frames, full refreshes: \(CFormat.string("%.1f", wholeBusy)))")
            }
            if !r.slowestUpdates.isEmpty {
                print("slowest updates      " + r.slowestUpdates.prefix(3).map { "\($0.at) \(CFormat.string("%.2f", $0.renderMs)) ms" }.joined(separator: ", ")
                      + (r.slowestUpdates.count > 3 ? " … (\(r.slowestUpdates.count) in --json)" : ""))
            }
        }
    }
}

extension Benchmark.Panel: ExpressibleByArgument {}

/// "24h", "90m", "3600s", "3600".
func parseSpan(_ text: String) throws -> TimeInterval {
    let units: [Character: Double] = ["h": 3_600, "m": 60, "s": 1]
    let unit = text.last.flatMap { units[$0] }
    guard let value = Double(unit == nil ? text : String(text.dropLast())), value > 0, value <= 31 * 86_400 else {
        throw ValidationError("expected a span such as 24h, 90m or 3600s (at most 31 days)")
    }
    return value * (unit ?? 1)
}

/// `--panel`: tft, eink, or epd:MODEL.
struct BenchPanel {
    let kind: Benchmark.Panel
    let model: EPDModel?
}

func parsePanel(_ text: String) throws -> BenchPanel {
    if text.hasPrefix("epd:") {
        let name = String(text.dropFirst(4))
        guard let model = EPDModel.named(name) else {
            throw ValidationError("no e-paper model '\(name)'; lockscreend --epd list prints them")
        }
        return BenchPanel(kind: .epd, model: model)
    }
    guard let kind = Benchmark.Panel(rawValue: text), kind != .epd else { throw ValidationError("the panel is tft, hdmi, eink or epd:MODEL") }
    return BenchPanel(kind: kind, model: nil)
}
