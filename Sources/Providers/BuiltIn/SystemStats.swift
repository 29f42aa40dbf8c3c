import FoundationEssentials
import Glibc

/// Reads the machine's vital signs from /proc and the file system, under an injectable
/// root so tests read fixture trees instead.
package struct SystemStats: Sendable {
    /// The directory standing for `/`.
    package let root: String

    package init(root: String = "/") {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// Why a statistic could not be read.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String)
        case malformed(path: String, detail: String)

        package var description: String {
            switch self {
            case let .unreadable(path): "cannot read \(path)"
            case let .malformed(path, detail): "unexpected content in \(path): \(detail)"
            }
        }
    }

    private func read(_ path: String) throws(Failure) -> String {
        guard let text = try? String(contentsOfFile: root + path, encoding: .utf8) else { throw .unreadable(path: root + path) }
        return text
    }

    /// Memory in use (total less available) and total, in bytes, from /proc/meminfo.
    package func memory() throws(Failure) -> (used: Double, total: Double) {
        let text = try read("/proc/meminfo")
        var total: Double?, available: Double?
        for line in Self.lines(of: text) {
            if let kib = Self.number(after: "MemTotal:", in: line) {
                total = kib * 1024
            } else if let kib = Self.number(after: "MemAvailable:", in: line) {
                available = kib * 1024
            }
        }
        guard let total, let available, total > 0 else {
            throw .malformed(path: root + "/proc/meminfo", detail: "no MemTotal/MemAvailable")
        }
        return (total - available, total)
    }

    /// The lines of a /proc file, as bytes: splitting one into Characters cost a million
    /// instructions a reading, at every start and every refresh (docs/PERFORMANCE.md).
    private static func lines(of text: String) -> [Substring.UTF8View] {
        text.utf8.split(separator: UInt8(ascii: "\n"))
    }

    /// The number that follows `label` and spaces on `line` ("MemTotal:  8049684 kB"),
    /// or nil when the line starts otherwise or holds no number there.
    private static func number(after label: String, in line: Substring.UTF8View) -> Double? {
        guard line.starts(with: label.utf8) else { return nil }
        let value = line.dropFirst(label.utf8.count).drop { $0 == UInt8(ascii: " ") }.prefix { $0 != UInt8(ascii: " ") }
        return Double(Substring(value))
    }

    /// The 1, 5 and 15 minute load averages from /proc/loadavg.
    package func loadAverage() throws(Failure) -> (Double, Double, Double) {
        let text = try read("/proc/loadavg")
        let fields = text.split(separator: " ").prefix(3).compactMap { Double($0) }
        guard fields.count == 3 else { throw .malformed(path: root + "/proc/loadavg", detail: "expected three numbers") }
        return (fields[0], fields[1], fields[2])
    }

    /// Seconds since boot, from /proc/uptime.
    package func uptime() throws(Failure) -> TimeInterval {
        let text = try read("/proc/uptime")
        guard let first = text.split(separator: " ").first, let seconds = Double(first) else {
            throw .malformed(path: root + "/proc/uptime", detail: "expected seconds")
        }
        return seconds
    }

    /// The number of processors listed in /proc/cpuinfo (at least 1).
    package func processorCount() -> Int {
        guard let text = try? read("/proc/cpuinfo") else { return 1 }
        return max(1, Self.lines(of: text).count { $0.starts(with: "processor".utf8) })
    }

    /// The machine's name, from /proc/sys/kernel/hostname.
    package func hostname() -> String {
        (try? read("/proc/sys/kernel/hostname"))?.trimmed() ?? "localhost"
    }

    /// Bytes used and total of the file system holding `mount` (below the root).
    package func disk(mount: String = "/") throws(Failure) -> (used: Double, total: Double) {
        var info = statvfs()
        let path = root + mount
        guard statvfs(path, &info) == 0, info.f_blocks > 0 else { throw .unreadable(path: path) }
        let block = Double(info.f_frsize)
        let total = Double(info.f_blocks) * block
        return (total - Double(info.f_bavail) * block, total)
    }

    /// Busy and total jiffies of all processors since boot, from /proc/stat's "cpu" line;
    /// two readings give the load between them.
    package func cpuTimes() throws(Failure) -> (busy: Double, total: Double) {
        let path = "/proc/stat"
        guard let line = Self.lines(of: try read(path)).first(where: { $0.starts(with: "cpu ".utf8) }) else {
            throw .malformed(path: root + path, detail: "no cpu line")
        }
        let fields = Substring(line).split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 4 else { throw .malformed(path: root + path, detail: "expected at least four counters") }
        // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
        let idle = fields[3] + (fields.count > 4 ? fields[4] : 0)
        let total = fields.prefix(8).reduce(0, +)
        return (total - idle, total)
    }

    /// The first thermal zone's temperature in °C (a Raspberry Pi's SoC).
    package func temperature() throws(Failure) -> Double {
        let path = "/sys/class/thermal/thermal_zone0/temp"
        guard let milli = Double(try read(path).trimmed()) else {
            throw .malformed(path: root + path, detail: "expected millidegrees")
        }
        return milli / 1_000
    }

    /// The first battery's charge (0...1) and whether it is charging, from
    /// /sys/class/power_supply.
    package func battery() throws(Failure) -> (level: Double, charging: Bool) {
        let directory = "/sys/class/power_supply"
        let supplies = ((try? FileManager.default.contentsOfDirectory(atPath: root + directory)) ?? []).sorted()
        for supply in supplies {
            guard (try? read("\(directory)/\(supply)/type"))?.trimmed() == "Battery" else { continue }
            let path = "\(directory)/\(supply)/capacity"
            guard let percent = Double(try read(path).trimmed()) else {
                throw .malformed(path: root + path, detail: "expected a percentage")
            }
            let status = (try? read("\(directory)/\(supply)/status"))?.trimmed()
            return (min(max(percent / 100, 0), 1), status == "Charging" || status == "Full")
        }
        throw .unreadable(path: root + directory + "/*/capacity (no battery)")
    }

    /// Bytes received and sent since boot by `interface`, or by every interface but the
    /// loopback when nil, from /proc/net/dev.
    package func networkBytes(interface: String? = nil) throws(Failure) -> (received: Double, sent: Double) {
        let path = "/proc/net/dev"
        var received = 0.0, sent = 0.0, found = false
        for line in Self.lines(of: try read(path)) {
            let parts = Substring(line).split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmed { $0 == " " || $0 == "\t" }
            guard interface.map({ $0 == name }) ?? (name != "lo") else { continue }
            let fields = parts[1].split(separator: " ").compactMap { Double($0) }
            guard fields.count >= 9 else { throw .malformed(path: root + path, detail: "expected 16 counters for \(name)") }
            received += fields[0]
            sent += fields[8]
            found = true
        }
        guard found else { throw .malformed(path: root + path, detail: interface.map { "no interface \($0)" } ?? "no interface") }
        return (received, sent)
    }
}
