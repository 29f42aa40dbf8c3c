import Foundation

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
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " })
            if parts.count >= 2, let kib = Double(parts[1]) { values[String(parts[0])] = kib * 1024 }
        }
        guard let total = values["MemTotal"], let available = values["MemAvailable"], total > 0 else {
            throw .malformed(path: root + "/proc/meminfo", detail: "no MemTotal/MemAvailable")
        }
        return (total - available, total)
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
        return max(1, text.split(separator: "\n").filter { $0.hasPrefix("processor") }.count)
    }

    /// The machine's name, from /proc/sys/kernel/hostname.
    package func hostname() -> String {
        (try? read("/proc/sys/kernel/hostname"))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "localhost"
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
}
