import Foundation

/// The machine's time zone as it is now: `$TZ`, else the zone /etc/localtime links to.
/// Read afresh on each call (a readlink), so `timedatectl set-timezone` is seen without
/// a restart; Foundation's `TimeZone.current` is cached for the life of the process.
package struct SystemTimeZone: Sendable {
    package let localtime: String

    package init(localtime: String = "/etc/localtime") {
        self.localtime = localtime
    }

    package func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeZone {
        if let tz = environment["TZ"], let zone = TimeZone(identifier: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) { return zone }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(localtime, &buffer, buffer.count - 1)
        if n > 0 {
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let range = target.range(of: "zoneinfo/"), let zone = TimeZone(identifier: String(target[range.upperBound...])) { return zone }
        }
        return TimeZone.current
    }
}
