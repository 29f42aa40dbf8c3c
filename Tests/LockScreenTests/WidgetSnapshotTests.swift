import Accessory
import Canvas
import Foundation
import LockScreenModel
import Testing
@testable import Config
@testable import ControlProtocol
@testable import JSON
@testable import LockScreen
@testable import Providers
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport

@Suite("WidgetSnapshot and added bundles")
struct WidgetSnapshotTests {
    let stats = SystemStats(root: fixtureRoot)

    func entry(memory: Double) -> SystemEntry {
        SystemEntry(date: testNow, host: "pi", uptime: 3600, memoryFraction: memory, diskFraction: 0.5, load: 0.2, processors: 4)
    }

    @Test("an entry is drawn with the widget's own view, at the family's size on the lock screen")
    func draws() throws {
        let layout = LockScreenLayout(width: 800, height: 480)
        let low = try WidgetSnapshot(of: MemoryWidget(stats: stats), entry: entry(memory: 0.1), family: .accessoryCircular)
        let high = try WidgetSnapshot(of: MemoryWidget(stats: stats), entry: entry(memory: 0.9), family: .accessoryCircular)
        #expect(low.width == Int((WidgetFamily.accessoryCircular.referencePointSize.width * layout.scale).rounded(.up)))
        #expect(low.coverage > 0.05)
        // The gauge's arc and its number differ; the same entry draws the same pixels.
        #expect(low.differingPixels(from: high) > 200)
        #expect(low == (try WidgetSnapshot(of: MemoryWidget(stats: stats), entry: entry(memory: 0.1), family: .accessoryCircular)))
        let light = try WidgetSnapshot(of: MemoryWidget(stats: stats), entry: entry(memory: 0.1), family: .accessoryCircular, colorScheme: .light)
        #expect(light.coverage > 0.05 && light.coverage < 0.9)
    }

    @Test("a PNG written by the snapshot reads back as the same pixels")
    func png() throws {
        let snapshot = try WidgetSnapshot(of: MemoryWidget(stats: stats), entry: entry(memory: 0.4), family: .accessoryCircular)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try snapshot.writePNG(to: path)
        #expect(try Frame(contentsOfPNG: path) == snapshot.frame)
        #expect(throws: WidgetSnapshot.Failure.self) { try snapshot.writePNG(to: "/nonexistent/dir/x.png") }
    }

    @Test("a family the widget does not support, or another widget's entry, is an error naming the widget")
    func failures() {
        #expect(throws: WidgetSnapshot.Failure.unsupportedFamily(widget: "demo.memory", family: .accessoryRectangular)) {
            try WidgetSnapshot(of: MemoryWidget(stats: stats), entry: entry(memory: 0.1), family: .accessoryRectangular)
        }
        #expect(throws: WidgetSnapshot.Failure.wrongEntryType(widget: "demo.memory", entry: "SimpleEntry")) {
            try WidgetSnapshot(of: MemoryWidget(stats: stats), entry: SimpleEntry(date: testNow), family: .accessoryCircular)
        }
    }

    @Test("kinds a custom daemon adds join the stock ones, and a configuration can place them")
    func addedKinds() throws {
        #expect(!WidgetRegistry.standard().names.contains("custom.memory"))
        let added = WidgetRegistry(bundles: [CustomBundle()]).descriptors.values.map { $0 }
        try WidgetRegistry.$added.withValue(added) {
            let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)
            #expect(registry.names.contains("custom.memory") && registry.names.contains("clock"))
            let config = try RunningConfig.parse("""
                [layout]
                row = ["m"]
                [widgets.m]
                kind = "custom.memory"
                family = "circular"
                """, file: "custom.toml", registry: registry)
            #expect(config.content.row.first?.widgets.first?.name == "m")
        }
    }
}

private struct SimpleEntry: TimelineEntry {
    let date: Date
}

/// A bundle as a custom daemon's package declares one.
private struct CustomBundle: WidgetBundle {
    var body: some Widget { CustomMemoryWidget() }
}

private struct CustomMemoryWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "custom.memory", provider: SystemProvider(stats: SystemStats(root: fixtureRoot))) { entry in
            Gauge(value: entry.memoryFraction) { Text("MEM") }.gaugeStyle(.accessoryCircular)
        }
        .supportedFamilies([.accessoryCircular])
    }
}
