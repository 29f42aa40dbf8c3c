import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc

#endif

/// A time zone's offsets from UTC over time, read from the system's tz database
/// (`/usr/share/zoneinfo`, or `$TZDIR`) or given as a POSIX `TZ` rule.
///
/// The daemon does its calendar arithmetic with these instead of Foundation's `TimeZone`
/// and `Calendar`, which on Linux load ICU and its data: several megabytes of memory for
/// what a lock screen needs, the wall-clock reading of an instant.
package struct ZoneRules: Hashable, Sendable, CustomStringConvertible {
    /// The tz database name ("Europe/London"), the `TZ` rule, or "UTC".
    package let identifier: String
    private let table: Table

    /// Transitions and the rule after the last one; shared, since zones are cached.
    private final class Table: Sendable {
        /// Instants (seconds since the epoch) at which the offset changes, ascending.
        let transitions: [Int64]
        /// The offset from each transition on.
        let offsets: [Int]
        /// The offset before the first transition.
        let initial: Int
        /// The offsets after the last transition.
        let rule: PosixZoneRule?

        init(transitions: [Int64], offsets: [Int], initial: Int, rule: PosixZoneRule?) {
            (self.transitions, self.offsets, self.initial, self.rule) = (transitions, offsets, initial, rule)
        }
    }

    package static let utc = ZoneRules(identifier: "UTC", table: Table(transitions: [], offsets: [], initial: 0, rule: nil))

    private init(identifier: String, table: Table) {
        self.identifier = identifier
        self.table = table
    }

    /// A zone whose offset never changes.
    package init(identifier: String, secondsFromGMT offset: Int) {
        self.init(identifier: identifier, table: Table(transitions: [], offsets: [], initial: offset, rule: nil))
    }

    /// The same zone as Foundation's `timeZone`, read from the tz database by its name;
    /// a zone without a database name keeps its current offset.
    package init(_ timeZone: TimeZone) {
        self = Self.named(timeZone.identifier) ?? ZoneRules(identifier: timeZone.identifier, secondsFromGMT: timeZone.secondsFromGMT())
    }

    /// The machine's zone as it was when first asked for, like Foundation's `TimeZone.current`.
    package static let local = system(environment: ProcessInfo.processInfo.environment)

    /// A zone from a POSIX `TZ` rule, such as "CET-1CEST,M3.5.0,M10.5.0/3".
    package init?(posixRule text: String) {
        guard let rule = PosixZoneRule(text) else { return nil }
        self.init(identifier: text, table: Table(transitions: [], offsets: [], initial: rule.standardOffset, rule: rule))
    }

    /// A zone from its changes: the offset before the first, then each instant (seconds
    /// since the epoch) and the offset from it on, in any order; what a calendar file's
    /// own VTIMEZONE definition works out to.
    package init(identifier: String, initial: Int, changes: [(at: Int64, offset: Int)]) {
        let sorted = changes.sorted { $0.at < $1.at }
        self.init(identifier: identifier, table: Table(transitions: sorted.map(\.at), offsets: sorted.map(\.offset), initial: initial, rule: nil))
    }

    /// A zone from the contents of a TZif file (RFC 8536), versions 1 to 4.
    package init?(identifier: String, tzif bytes: [UInt8]) {
        guard let table = Self.parse(bytes) else { return nil }
        self.init(identifier: identifier, table: table)
    }

    /// The zone the tz database calls `identifier` ("America/New_York"), or a fixed UTC
    /// one ("UTC", "GMT"); nil when there is no such zone. Zones are read once and kept.
    package static func named(_ identifier: String) -> ZoneRules? {
        if identifier == "UTC" || identifier == "GMT" || identifier == "Etc/UTC" { return .utc }
        if let known = cache.withLock({ $0[identifier] }) { return known }
        guard isSafe(identifier), let bytes = read(directory + "/" + identifier),
              let zone = ZoneRules(identifier: identifier, tzif: bytes) else { return nil }
        cache.withLock { $0[identifier] = zone }
        return zone
    }

    /// The machine's zone now: `$TZ` (a name, ":name" or a POSIX rule), else the zone
    /// /etc/localtime links to or holds, else UTC. Read afresh on each call, so a changed
    /// zone (`timedatectl set-timezone`) is seen without a restart.
    package static func system(environment: [String: String], localtime: String = "/etc/localtime") -> ZoneRules {
        if let tz = environment["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let zone = named(name) ?? ZoneRules(posixRule: name) { return zone }
        }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(localtime, &buffer, buffer.count - 1)
        if n > 0 {
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let range = target.firstRange(of: "zoneinfo/"), let zone = named(String(target[range.upperBound...])) { return zone }
        }
        return localFile(localtime) ?? .utc
    }

    /// A copied (not linked) /etc/localtime, parsed again only when its inode, size or
    /// modification time change: `system` is asked at every step of the daemon.
    private static func localFile(_ path: String) -> ZoneRules? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let stamp = [Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        if let kept = localCache.withLock({ $0 }), kept.path == path, kept.stamp == stamp { return kept.zone }
        guard let bytes = read(path), let zone = ZoneRules(identifier: "localtime", tzif: bytes) else { return nil }
        localCache.withLock { $0 = (path, stamp, zone) }
        return zone
    }

    /// Every zone name in the tz database, sorted; for suggesting a name for a misspelt one.
    package static func knownIdentifiers() -> [String] {
        guard let bytes = read(directory + "/tzdata.zi") ?? read(directory + "/zone1970.tab") else { return [] }
        var names: Set<String> = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // tzdata.zi: "Z America/New_York ..." and "L Target Alias"; zone1970.tab: "CC\tcoords\tName".
            if fields.first == "Z", fields.count > 1 { names.insert(String(fields[1])) }
            else if fields.first == "L", fields.count > 2 { names.insert(String(fields[2])) }
            else if !line.hasPrefix("#"), fields.count > 2, fields[2].contains("/") { names.insert(String(fields[2])) }
        }
        return names.sorted()
    }

    /// Seconds east of UTC at `date`.
    package func secondsFromGMT(for date: Date) -> Int {
        offset(at: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// The wall-clock reading at `date`.
    package func civil(_ date: Date) -> CivilDateTime {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        return CivilDateTime(secondsSinceEpoch: seconds + Int64(offset(at: seconds)))
    }

    /// The instant the wall clock reads `civil`. A reading that happens twice (clocks go
    /// back) gives the first; one that never happens (clocks go forward) is moved forward
    /// by the jump (02:30 for a skipped 01:30), as Foundation's `Calendar` does.
    package func date(_ civil: CivilDateTime) -> Date {
        let local = civil.secondsSinceEpoch
        let before = offset(at: local - 86_400), after = offset(at: local + 86_400)
        let candidates = before <= after ? [before, after] : [after, before]
        for candidate in candidates.map({ local - Int64($0) }).sorted() where Int64(offset(at: candidate)) == local - candidate {
            return Date(timeIntervalSince1970: TimeInterval(candidate))
        }
        return Date(timeIntervalSince1970: TimeInterval(local - Int64(before)))
    }

    /// Local midnight at the start of `date`'s day.
    package func startOfDay(_ date: Date) -> Date {
        self.date(civil(date).startOfDay)
    }

    /// The next local midnight after `date`.
    package func startOfNextDay(_ date: Date) -> Date {
        self.date(civil(date).startOfDay.adding(days: 1))
    }

    package var description: String { identifier }

    package static func == (a: ZoneRules, b: ZoneRules) -> Bool {
        a.identifier == b.identifier && (a.table === b.table || (a.table.transitions == b.table.transitions && a.table.offsets == b.table.offsets && a.table.initial == b.table.initial && a.table.rule == b.table.rule))
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    private func offset(at seconds: Int64) -> Int {
        let transitions = table.transitions
        guard let first = transitions.first, seconds >= first else {
            return transitions.isEmpty ? (table.rule?.offset(at: seconds) ?? table.initial) : table.initial
        }
        if seconds >= transitions[transitions.count - 1], let rule = table.rule { return rule.offset(at: seconds) }
        var low = 0, high = transitions.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if transitions[mid] <= seconds { low = mid } else { high = mid - 1 }
        }
        return table.offsets[low]
    }

    // MARK: Reading the database

    private static let cache = Mutex<[String: ZoneRules]>([:])
    private static let localCache = Mutex<(path: String, stamp: [Int], zone: ZoneRules)?>(nil)

    private static var directory: String {
        if let dir = getenv("TZDIR") { return String(cString: dir) }
        return "/usr/share/zoneinfo"
    }

    /// A tz name is a relative path of letters, digits and "_+-/": never "..", never absolute.
    private static func isSafe(_ identifier: String) -> Bool {
        !identifier.isEmpty && !identifier.hasPrefix("/") && !identifier.split(separator: "/").contains("..")
            && identifier.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f }
    }

    /// A zone file's bytes: a regular file of at most 1 MiB (the largest in the tz
    /// database is a few KB), never a device or a FIFO read forever.
    private static func read(_ path: String) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 1 << 20,
              let data = try? Data(contentsOf: URL(fileURLWithPath: path)), !data.isEmpty else { return nil }
        return [UInt8](data)
    }

    /// RFC 8536: a header of counts, a body of 32-bit times, and from version 2 a second
    /// header and body with 64-bit times, then the POSIX rule for later instants.
    private static func parse(_ bytes: [UInt8]) -> Table? {
        func u32(_ at: Int) -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            return Int(UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3]))
        }
        func header(_ at: Int) -> (version: UInt8, counts: [Int])? {
            guard at + 44 <= bytes.count, bytes[at..<at + 4].elementsEqual("TZif".utf8) else { return nil }
            let counts = (0..<6).compactMap { u32(at + 20 + $0 * 4) }
            return counts.count == 6 ? (bytes[at + 4], counts) : nil
        }
        guard let first = header(0) else { return nil }
        var at = 0, timeSize = 4, counts = first.counts
        if first.version >= UInt8(ascii: "2") {
            // Skip the 32-bit body; the 64-bit one follows.
            let (isut, isstd, leap, time, type, chars) = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
            at = 44 + time * 5 + type * 6 + chars + leap * 8 + isstd + isut
            guard let second = header(at) else { return nil }
            counts = second.counts
            timeSize = 8
        }
        let (isut, isstd, leap, timeCount, typeCount, chars) = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
        at += 44
        let typesAt = at + timeCount * timeSize + timeCount
        let end = typesAt + typeCount * 6 + chars + leap * (timeSize + 4) + isstd + isut
        guard typeCount > 0, end <= bytes.count else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(timeCount)
        for i in 0..<timeCount {
            var value: UInt64 = 0
            for b in 0..<timeSize { value = value << 8 | UInt64(bytes[at + i * timeSize + b]) }
            transitions.append(timeSize == 8 ? Int64(bitPattern: value) : Int64(Int32(bitPattern: UInt32(value))))
        }
        func utOffset(_ type: Int) -> Int? {
            guard type < typeCount, let raw = u32(typesAt + type * 6) else { return nil }
            return Int(Int32(bitPattern: UInt32(raw)))
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(timeCount)
        for i in 0..<timeCount {
            guard let offset = utOffset(Int(bytes[at + timeCount * timeSize + i])) else { return nil }
            offsets.append(offset)
        }
        var rule: PosixZoneRule?
        if timeSize == 8, end < bytes.count, bytes[end] == UInt8(ascii: "\n"),
           let close = bytes[(end + 1)...].firstIndex(of: UInt8(ascii: "\n")), close > end + 1 {
            rule = PosixZoneRule(String(decoding: bytes[(end + 1)..<close], as: UTF8.self))
        }
        guard let initial = utOffset(0) else { return nil }
        return Table(transitions: transitions, offsets: offsets, initial: initial, rule: rule)
    }
}
