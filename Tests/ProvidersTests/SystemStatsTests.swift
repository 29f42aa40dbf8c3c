import Foundation
import Testing
@testable import JSON
@testable import Providers
import TestSupport

@Suite("SystemStats")
struct SystemStatsTests {
    let stats = SystemStats(root: fixtureRoot)

    @Test("reads memory, load, uptime, processors and host name from the fixture tree")
    func reads() throws {
        let memory = try stats.memory()
        #expect(memory.total == 3_884_332 * 1024)
        #expect(abs(memory.used / memory.total - 0.4) < 0.001)
        #expect(try stats.loadAverage() == (0.52, 0.40, 0.31))
        #expect(try stats.uptime() == 273_600.42)
        #expect(stats.processorCount() == 4)
        // /proc/stat's "cpu" line, not "cpu0": idle and iowait are the jiffies not busy.
        #expect(try stats.cpuTimes() == (busy: 6_010, total: 22_780))
        #expect(stats.hostname() == "deskpi")
        let disk = try stats.disk()
        #expect(disk.total > 0 && disk.used <= disk.total)
    }

    @Test("missing or malformed files are errors naming the file")
    func failures() throws {
        let folder = try TemporaryFolder("stats")
        defer { folder.remove() }
        let empty = folder.url
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("proc"), withIntermediateDirectories: true)
        try "garbage".write(to: empty.appendingPathComponent("proc/loadavg"), atomically: true, encoding: .utf8)
        let broken = SystemStats(root: empty.path)
        #expect(throws: SystemStats.Failure.unreadable(path: empty.path + "/proc/meminfo")) { try broken.memory() }
        #expect(throws: SystemStats.Failure.malformed(path: empty.path + "/proc/loadavg", detail: "expected three numbers")) { try broken.loadAverage() }
        #expect(broken.processorCount() == 1)
        #expect(broken.hostname() == "localhost")
    }

    @Test("meminfo's two lines are found by their whole label, in any order, and a file without one is malformed")
    func meminfoLabels() throws {
        let folder = try TemporaryFolder("meminfo")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("proc"), withIntermediateDirectories: true)
        let meminfo = folder.url.appendingPathComponent("proc/meminfo")
        let stats = SystemStats(root: folder.url.path)
        // Labels that start like the two read, and MemAvailable before MemTotal.
        try "MemTotalHuge: 999 kB\nMemAvailable:     1000 kB\nMemAvailableSoon:7 kB\nMemTotal:4000 kB\n"
            .write(to: meminfo, atomically: true, encoding: .utf8)
        let memory = try stats.memory()
        #expect(memory.total == 4000 * 1024 && memory.used == 3000 * 1024)
        try "MemTotal:       4000 kB\nMemFree: 1000 kB\n".write(to: meminfo, atomically: true, encoding: .utf8)
        #expect(throws: SystemStats.Failure.malformed(path: meminfo.path, detail: "no MemTotal/MemAvailable")) { try stats.memory() }
        try "processor\t: 0\nmodel name\t: x\n\nprocessor\t: 1\n".write(to: folder.url.appendingPathComponent("proc/cpuinfo"), atomically: true, encoding: .utf8)
        #expect(stats.processorCount() == 2)
    }
}
