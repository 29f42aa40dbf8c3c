import AppIntentsCore
import Accessory
import Canvas
import FoundationEssentials
import Synchronization

/// One of the machine's vital signs, sampled once a minute and drawn as a gauge: CPU,
/// memory, disk, load, temperature, battery, uptime. Reads /proc and /sys (below
/// `--system-root` in tests).
struct SystemWidget: Widget {
    var stats = SystemStats()

    enum Metric: String, AppEnum, Codable {
        case cpu, memory, disk, load, temperature, battery, uptime, network

        static let typeDisplayRepresentation: TypeDisplayRepresentation = "Metric"
        static let caseDisplayRepresentations: [Metric: DisplayRepresentation] = [
            .cpu: "CPU use", .memory: "Memory in use", .disk: "Disk space used", .load: "Load average",
            .temperature: "CPU temperature", .battery: "Battery charge", .uptime: "Uptime", .network: "Network throughput",
        ]
    }

    struct Configuration: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "System"
        static let description = IntentDescription("One of the machine's vital signs as a gauge.")

        @Parameter(title: "What to show", default: .memory)
        var metric: Metric

        @Parameter(title: "The file system, for disk", default: "/")
        var mount: String

        @Parameter(title: "The network interface, for network (default: all but lo)")
        var interface: String
    }

    /// A reading: `value` within `range`, and the text to show.
    struct Entry: TimelineEntry, Codable {
        let date: Date
        let metric: Metric
        let value: Double
        let low: Double
        let high: Double
        let text: String
        let label: String
    }

    /// The network counters before this reading, for the rate between the two.
    final class NetworkSampler: Sendable {
        private let last = Mutex<(received: Double, sent: Double, at: Date)?>(nil)

        /// Bytes a second received and sent since the last reading (0 at the first).
        func rates(_ now: (received: Double, sent: Double), at date: Date) -> (down: Double, up: Double) {
            last.withLock { last in
                defer { last = (now.received, now.sent, date) }
                guard let before = last, date > before.at else { return (0, 0) }
                let seconds = date.timeIntervalSince(before.at)
                return (max(0, now.received - before.received) / seconds, max(0, now.sent - before.sent) / seconds)
            }
        }

        /// "1.2M", "340k", "12": bytes a second, short.
        static func short(_ rate: Double) -> String {
            switch rate {
            case 1e6...: CFormat.string("%.1fM", rate / 1e6)
            case 1e3...: "\(Int((rate / 1e3).rounded()))k"
            default: "\(Int(rate.rounded()))"
            }
        }
    }

    /// The CPU reading before this one, for the use between the two.
    final class CPUSampler: Sendable {
        private let last = Mutex<(busy: Double, total: Double)?>(nil)

        func use(_ now: (busy: Double, total: Double)) -> Double {
            last.withLock { last in
                defer { last = now }
                guard let before = last, now.total > before.total else { return now.total > 0 ? now.busy / now.total : 0 }
                return (now.busy - before.busy) / (now.total - before.total)
            }
        }
    }

    struct Provider: AppIntentTimelineProvider {
        let stats: SystemStats
        let cpu = CPUSampler()
        let network = NetworkSampler()

        func placeholder(in context: Context) -> Entry {
            Entry(date: context.date, metric: .memory, value: 0.42, low: 0, high: 1, text: "42", label: "MEM")
        }

        func snapshot(for configuration: Configuration, in context: Context) async -> Entry {
            (try? reading(configuration, at: context.date)) ?? placeholder(in: context)
        }

        func timeline(for configuration: Configuration, in context: Context) async -> Timeline<Entry> {
            // Read again at the clock's next minute, whenever the daemon started.
            let next = LiveSchedule.nextWholeMinute(after: context.date)
            guard let entry = try? reading(configuration, at: context.date) else { return Timeline(entries: [], policy: .after(next)) }
            return Timeline(entries: [entry], policy: .after(next))
        }

        func reading(_ configuration: Configuration, at date: Date) throws(SystemStats.Failure) -> Entry {
            func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))" }
            switch configuration.metric {
            case .cpu:
                let use = cpu.use(try stats.cpuTimes())
                return Entry(date: date, metric: .cpu, value: use, low: 0, high: 1, text: percent(use), label: "CPU")
            case .memory:
                let m = try stats.memory()
                return Entry(date: date, metric: .memory, value: m.used / m.total, low: 0, high: 1, text: percent(m.used / m.total), label: "MEM")
            case .disk:
                let d = try stats.disk(mount: configuration.mount)
                let used = d.used / max(d.total, 1)
                return Entry(date: date, metric: .disk, value: used, low: 0, high: 1, text: percent(used) + "%", label: "DISK")
            case .load:
                let load = try stats.loadAverage().0
                let cpus = Double(stats.processorCount())
                return Entry(date: date, metric: .load, value: min(load, cpus), low: 0, high: cpus, text: CFormat.string("%.2f", load), label: "LOAD")
            case .temperature:
                let t = try stats.temperature()
                return Entry(date: date, metric: .temperature, value: min(max(t, 20), 90), low: 20, high: 90, text: "\(Int(t.rounded()))°", label: "TEMP")
            case .battery:
                let b = try stats.battery()
                return Entry(date: date, metric: .battery, value: b.level, low: 0, high: 1, text: percent(b.level), label: b.charging ? "⚡" : "BAT")
            case .uptime:
                let up = try stats.uptime()
                return Entry(date: date, metric: .uptime, value: 0, low: 0, high: 1, text: HostWidget.uptime(up), label: "UP")
            case .network:
                let r = network.rates(try stats.networkBytes(interface: configuration.interface.isEmpty ? nil : configuration.interface), at: date)
                let text = "↓\(NetworkSampler.short(r.down)) ↑\(NetworkSampler.short(r.up))"
                return Entry(date: date, metric: .network, value: 0, low: 0, high: 1, text: text, label: configuration.interface.isEmpty ? "NET" : configuration.interface)
            }
        }
    }

    struct EntryView: View {
        let entry: Entry
        @Environment(\.widgetFamily) var family

        var symbol: String {
            switch entry.metric {
            case .cpu: "memory"
            case .memory: "developer_board"
            case .disk: "storage"
            case .load: "speed"
            case .temperature: "thermostat"
            case .battery: "battery_full"
            case .uptime: "schedule"
            case .network: "swap_vert"
            }
        }

        var body: some View {
            switch family {
            case .accessoryInline:
                HStack {
                    Image(systemName: symbol)
                    Text("\(entry.label) \(entry.text)\(entry.metric == .cpu || entry.metric == .memory || entry.metric == .battery ? "%" : "")")
                }
            case .accessoryCircular where entry.metric == .uptime || entry.metric == .network:
                ZStack {
                    AccessoryWidgetBackground()
                    VStack(spacing: 0) {
                        Image(systemName: symbol)
                        Text(entry.text).font(.system(size: 15, weight: .semibold)).minimumScaleFactor(0.6)
                    }
                }
            case .accessoryCircular where entry.metric == .disk || entry.metric == .battery:
                Gauge(value: entry.value, in: entry.low...entry.high) {
                    Image(systemName: symbol)
                } currentValueLabel: {
                    Text(entry.text).font(.system(size: 17, weight: .semibold))
                }
                .gaugeStyle(.accessoryCircularCapacity)
            case .accessoryCircular:
                Gauge(value: entry.value, in: entry.low...entry.high) {
                    Text(entry.label)
                } currentValueLabel: {
                    Text(entry.text)
                }
                .gaugeStyle(.accessoryCircular)
            default:
                VStack(alignment: .leading, spacing: 2) {
                    HStack {
                        Image(systemName: symbol)
                        Text(entry.label).font(.headline)
                        Spacer()
                        Text(entry.text).font(.headline).monospacedDigit()
                    }
                    if entry.metric != .uptime && entry.metric != .network {
                        Gauge(value: entry.value, in: entry.low...entry.high) {
                            Text(entry.label)
                        }
                        .gaugeStyle(.accessoryLinearCapacity)
                    }
                }
            }
        }
    }

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "system", intent: Configuration.self, provider: Provider(stats: stats)) { entry in
            EntryView(entry: entry)
        }
        .configurationDisplayName("System")
        .description("CPU, memory, disk, load, temperature, battery or uptime.")
    }
}
