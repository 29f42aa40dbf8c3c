import Accessory
import Foundation
import Testing
@testable import JSON
@testable import Providers
import TestSupport

@Suite("System widget")
struct SystemWidgetTests {
    let provider = SystemWidget.Provider(stats: SystemStats(root: fixtureRoot))

    func reading(_ metric: SystemWidget.Metric, mount: String = "/", interface: String = "") throws -> SystemWidget.Entry {
        let configuration = SystemWidget.Configuration()
        configuration.metric = metric
        configuration.mount = mount
        configuration.interface = interface
        return try provider.reading(configuration, at: testNow)
    }

    @Test("each metric reads the fixture tree", arguments: [
        // busy 6010 of 22780 jiffies since boot
        (SystemWidget.Metric.cpu, "26", "CPU"),
        (.temperature, "52°", "TEMP"),
        (.battery, "76", "BAT"),
        (.load, "0.52", "LOAD"),
        (.uptime, "3d 4h", "UP"),
        (.network, "↓0 ↑0", "NET"),
    ])
    func metrics(metric: SystemWidget.Metric, text: String, label: String) throws {
        let entry = try reading(metric)
        #expect(entry.text == text)
        #expect(entry.label == label)
        #expect(entry.low <= entry.value && entry.value <= entry.high)
    }

    @Test("memory in use and disk use of a mount")
    func memoryAndDisk() throws {
        let memory = try reading(.memory)
        #expect(memory.value > 0 && memory.value < 1)
        let disk = try reading(.disk, mount: "/")
        #expect(disk.text.hasSuffix("%"))
    }

    @Test("CPU use and network rates come from the difference between two readings")
    func samplers() {
        let cpu = SystemWidget.CPUSampler()
        _ = cpu.use((busy: 100, total: 1_000))
        #expect(cpu.use((busy: 150, total: 1_100)) == 0.5)
        let network = SystemWidget.NetworkSampler()
        _ = network.rates((received: 1_000, sent: 0), at: testNow)
        let rates = network.rates((received: 2_501_000, sent: 30_000), at: testNow + 2)
        #expect(rates.down == 1_250_000 && rates.up == 15_000)
        #expect(SystemWidget.NetworkSampler.short(rates.down) == "1.2M")
        #expect(SystemWidget.NetworkSampler.short(rates.up) == "15k")
    }

    @Test("one interface, or all but the loopback")
    func interfaces() throws {
        let stats = SystemStats(root: fixtureRoot)
        #expect(try stats.networkBytes().received == 98_765_432 + 1_000_000)
        #expect(try stats.networkBytes(interface: "wlan0").sent == 500_000)
        #expect(throws: SystemStats.Failure.self) { try stats.networkBytes(interface: "eth9") }
    }

    @Test("no battery is an error naming where it looked")
    func noBattery() {
        #expect(throws: SystemStats.Failure.unreadable(path: "/nonexistent/sys/class/power_supply/*/capacity (no battery)")) {
            try SystemStats(root: "/nonexistent").battery()
        }
    }
}
