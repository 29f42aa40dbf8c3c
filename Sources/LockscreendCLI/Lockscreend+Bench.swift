import Accessory
import ArgumentParser
import Canvas
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Logging
import Panel
import Providers
import TimelineEngine

extension Lockscreend {
    /// A simulated day through the real pipeline, against the full-redraw baseline.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a configuration through simulated time with the real engine, renderer, damage and panel code, and report what reached the panel against redrawing everything.")

        @Option(help: ArgumentHelp("The configuration to play (bench/desk.toml is the standard workload).", valueName: "FILE"))
        var config: String = "bench/desk.toml"

        @Option(help: ArgumentHelp("How long to simulate: 24h, 90m, 3600s.", valueName: "SPAN"), transform: parseSpan)
        var simulate: TimeInterval = 86_400

        @Option(help: "The panel: tft (RGB565) or eink (16 grey levels, refresh policy).")
        var panel: Benchmark.Panel = .tft

        @Option(help: "When the simulation starts (ISO 8601; the recordings in bench/ are for this day).", transform: parseTimestamp)
        var at: Date = Date(timeIntervalSince1970: 1_795_305_600)

        @Flag(help: "Print one JSON object.")
        var json = false

        func run() async throws {
            let loaded: LockScreenConfig
            do {
                loaded = try LockScreenConfig.load(path: config, registry: .standard())
            } catch {
                throw ConfigFailure(errors: error)
            }
            let report = try await Benchmark(config: loaded, panel: panel, start: at, duration: simulate).run()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
                return
            }
            let r = report
            print("""
                \(config), \(panel.rawValue) panel, \(Int(simulate)) s simulated
                updates              \(r.updates) (\(r.partialRefreshes) partial, \(r.fullRefreshes) full)
                pixels flushed       \(r.pixelsFlushed)
                pixels changed       \(r.pixelsChanged)
                full redraw would    \(r.pixelsFullRedraw)
                flushed / full       \(CFormat.string("%.5f", r.flushedVsFullRedraw))
                flushed / changed    \(CFormat.string("%.2f", r.flushedVsChanged))
                render ms p50/p99/max \(CFormat.string("%.2f / %.2f / %.2f", r.renderMsP50, r.renderMsP99, r.renderMsMax))
                CPU seconds          \(CFormat.string("%.2f", r.cpuSeconds))
                peak RSS             \(CFormat.string("%.1f", r.peakRssMb)) MB (10^6 bytes)
                """)
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
