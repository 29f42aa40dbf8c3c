import Accessory
import FoundationEssentials

/// The widgets of the built-in demo: the machine's name and uptime inline, memory and
/// disk as round gauges, and the load average as a rectangular widget. Written against
/// the public widget API, as any user widget is.
package struct DemoWidgets: WidgetBundle {
    var stats = SystemStats()

    package init() { stats = SystemStats() }

    /// The demo reading statistics under another root (a fixture tree in tests).
    package init(stats: SystemStats) { self.stats = stats }

    package var body: some Widget {
        HostWidget(stats: stats)
        MemoryWidget(stats: stats)
        DiskWidget(stats: stats)
        LoadWidget(stats: stats)
    }
}

/// One sample of the machine's statistics.
package struct SystemEntry: TimelineEntry, Codable {
    package let date: Date
    package let host: String
    package let uptime: TimeInterval
    package let memoryFraction: Double
    package let diskFraction: Double
    package let load: Double
    package let processors: Int

    /// Sample data for placeholders and previews.
    static func sample(at date: Date) -> SystemEntry {
        SystemEntry(date: date, host: "raspberrypi", uptime: 273_600, memoryFraction: 0.42, diskFraction: 0.61, load: 0.52, processors: 4)
    }
}

/// Samples `SystemStats` once a minute.
package struct SystemProvider: TimelineProvider {
    package let stats: SystemStats

    package init(stats: SystemStats = SystemStats()) {
        self.stats = stats
    }

    package func placeholder(in context: Context) -> SystemEntry { .sample(at: context.date) }

    package func getSnapshot(in context: Context, completion: @escaping (SystemEntry) -> Void) {
        completion((try? sample(at: context.date)) ?? .sample(at: context.date))
    }

    package func getTimeline(in context: Context, completion: @escaping (Timeline<SystemEntry>) -> Void) {
        let now = context.date
        // Sampled again at the clock's next minute, whenever the daemon started.
        let next = LiveSchedule.nextWholeMinute(after: now)
        guard let entry = try? sample(at: now) else {
            completion(Timeline(entries: [], policy: .after(next)))
            return
        }
        completion(Timeline(entries: [entry], policy: .after(next)))
    }

    func sample(at date: Date) throws(SystemStats.Failure) -> SystemEntry {
        let memory = try stats.memory()
        let disk = (try? stats.disk()) ?? (used: 0, total: 1)
        return SystemEntry(
            date: date, host: stats.hostname(), uptime: try stats.uptime(), memoryFraction: memory.used / memory.total,
            diskFraction: disk.used / max(disk.total, 1), load: try stats.loadAverage().0, processors: stats.processorCount())
    }
}

struct HostWidget: Widget {
    var stats = SystemStats()

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "demo.host", provider: SystemProvider(stats: stats)) { entry in
            ViewThatFits {
                HStack {
                    Image(systemName: "desktopcomputer")
                    Text("\(entry.host) · up \(Self.uptime(entry.uptime))")
                }
                Text("up \(Self.uptime(entry.uptime))")
            }
        }
        .configurationDisplayName("Host")
        .supportedFamilies([.accessoryInline])
    }

    /// "3d 4h", "5h 12m", "7m".
    static func uptime(_ seconds: TimeInterval) -> String {
        let s = Int(seconds)
        let (d, h, m) = (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60)
        return d > 0 ? "\(d)d \(h)h" : h > 0 ? "\(h)h \(m)m" : "\(m)m"
    }
}

struct MemoryWidget: Widget {
    var stats = SystemStats()

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "demo.memory", provider: SystemProvider(stats: stats)) { entry in
            Gauge(value: entry.memoryFraction) {
                Text("MEM")
            } currentValueLabel: {
                Text("\(Int((entry.memoryFraction * 100).rounded()))")
            }
            .gaugeStyle(.accessoryCircular)
        }
        .configurationDisplayName("Memory")
        .supportedFamilies([.accessoryCircular])
    }
}

struct DiskWidget: Widget {
    var stats = SystemStats()

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "demo.disk", provider: SystemProvider(stats: stats)) { entry in
            ZStack {
                AccessoryWidgetBackground()
                Gauge(value: entry.diskFraction) {
                    Image(systemName: "internaldrive")
                } currentValueLabel: {
                    VStack(spacing: 0) {
                        Image(systemName: "internaldrive").font(.system(size: 12))
                        Text("\(Int((entry.diskFraction * 100).rounded()))%").font(.system(size: 15, weight: .semibold))
                    }
                }
                .gaugeStyle(.accessoryCircularCapacity)
            }
        }
        .configurationDisplayName("Disk")
        .supportedFamilies([.accessoryCircular])
    }
}

struct LoadWidget: Widget {
    var stats = SystemStats()

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "demo.load", provider: SystemProvider(stats: stats)) { entry in
            VStack(alignment: .leading, spacing: 2) {
                HStack {
                    Image(systemName: "cpu")
                    Text("Load").font(.headline)
                    Spacer()
                    Text("\(entry.load, specifier: "%.2f")").font(.headline).monospacedDigit()
                }
                Gauge(value: min(entry.load, Double(entry.processors)), in: 0...Double(entry.processors)) {
                    Text("Load")
                } currentValueLabel: {
                    Text("\(entry.load, specifier: "%.2f")")
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("\(entry.processors)")
                }
                .gaugeStyle(.accessoryLinear)
                Text("\(entry.processors) CPUs").font(.caption).foregroundStyle(.secondary)
            }
        }
        .configurationDisplayName("Load average")
        .supportedFamilies([.accessoryRectangular])
    }
}
