import Foundation
import Testing
import ZoneInfo

/// ZoneRules is checked against Foundation's ICU-backed TimeZone and Calendar, which the
/// daemon no longer loads but which remain the reference for what a zone says.
@Suite struct ZoneRulesTests {
    /// Zones whose rules have not changed in decades, so the system's tz database and the
    /// copy inside ICU agree: both hemispheres, half- and quarter-hour offsets, a 30-minute
    /// DST (Lord Howe) and a negative one (Dublin).
    static let zones = ["Europe/London", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Chatham",
                        "Europe/Dublin", "Asia/Tokyo", "America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe"]

    /// Every 5 h 17 min from 1990 to 2045: past the last transition in each file, so the
    /// POSIX rule at its end is exercised as well as the table.
    static let instants = stride(from: 631_152_000.0, to: 2_366_841_600.0, by: 19_020).map(Date.init(timeIntervalSince1970:))

    @Test(arguments: zones)
    func offsetsAndReadingsMatchFoundation(_ name: String) throws {
        let zone = try #require(ZoneRules.named(name))
        let reference = try #require(TimeZone(identifier: name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = reference
        var mismatches: [String] = []
        for instant in Self.instants {
            let c = zone.civil(instant)
            let r = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: instant)
            if zone.secondsFromGMT(for: instant) != reference.secondsFromGMT(for: instant)
                || [c.year, c.month, c.day, c.hour, c.minute, c.second, c.weekday] != [r.year, r.month, r.day, r.hour, r.minute, r.second, r.weekday] {
                mismatches.append("\(instant)")
            }
        }
        #expect(mismatches.isEmpty, "\(name) differs at \(mismatches.prefix(5))")
    }

    @Test(arguments: zones)
    func localReadingsResolveAsCalendarDoes(_ name: String) throws {
        let zone = try #require(ZoneRules.named(name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: name))
        // Every half hour through the spring and autumn changes of 2026, gaps and overlaps included.
        var mismatches: [String] = []
        for month in [3, 4, 9, 10, 11] {
            for day in 1...30 {
                for halfHour in 0..<48 {
                    let civil = CivilDateTime(year: 2026, month: month, day: day, hour: halfHour / 2, minute: halfHour % 2 * 30)
                    let reference = calendar.date(from: DateComponents(year: 2026, month: month, day: day, hour: halfHour / 2, minute: halfHour % 2 * 30))
                    if zone.date(civil) != reference { mismatches.append("\(civil)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5))")
    }

    @Test func midnightsFollowTheZone() throws {
        let london = try #require(ZoneRules.named("Europe/London"))
        // 29 March 2026: the clocks go forward at 01:00, so that day is 23 hours long.
        let noon = Date(timeIntervalSince1970: 1_774_785_600)  // 2026-03-29T12:00:00Z
        #expect(london.startOfDay(noon) == Date(timeIntervalSince1970: 1_774_742_400))
        #expect(london.startOfNextDay(noon) == Date(timeIntervalSince1970: 1_774_825_200))  // 23:00Z, 00:00 BST
    }

    @Test func posixRulesFromTZ() throws {
        let rule = try #require(ZoneRules(posixRule: "EST5EDT,M3.2.0,M11.1.0"))
        let newYork = try #require(ZoneRules.named("America/New_York"))
        for instant in Self.instants where instant.timeIntervalSince1970 > 1_200_000_000 {
            #expect(rule.secondsFromGMT(for: instant) == newYork.secondsFromGMT(for: instant), "at \(instant)")
        }
        #expect(ZoneRules(posixRule: "<+0530>-5:30")?.secondsFromGMT(for: Date()) == 19_800)
        #expect(ZoneRules(posixRule: "UTC0")?.secondsFromGMT(for: Date()) == 0)
        // Daylight saving all year, as tzdata writes it: from 1 Jan 00:00 to 31 Dec 25:00.
        let always = try #require(ZoneRules(posixRule: "EST5EDT,0/0,J365/25"))
        #expect(always.secondsFromGMT(for: Date(timeIntervalSince1970: 1_767_225_600)) == -14_400)
        #expect(always.secondsFromGMT(for: Date(timeIntervalSince1970: 1_782_864_000)) == -14_400)
        for broken in ["", "E5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "<+05", "EST5EDT,J0,J365"] {
            #expect(ZoneRules(posixRule: broken) == nil, "accepted \"\(broken)\"")
        }
    }

    @Test func namesAreLookedUpSafely() {
        #expect(ZoneRules.named("Europe/London")?.identifier == "Europe/London")
        #expect(ZoneRules.named("UTC") == .utc)
        #expect(ZoneRules.named("Mars/Olympus_Mons") == nil)
        #expect(ZoneRules.named("../../etc/passwd") == nil)
        #expect(ZoneRules.named("/etc/localtime") == nil)
        #expect(ZoneRules.named("") == nil)
        #expect(ZoneRules.knownIdentifiers().contains("Europe/London"))
        #expect(ZoneRules.knownIdentifiers().contains("Asia/Kolkata"))
    }

    @Test func systemZoneFromTZAndLocaltime() throws {
        #expect(ZoneRules.system(environment: ["TZ": "Asia/Tokyo"]).identifier == "Asia/Tokyo")
        #expect(ZoneRules.system(environment: ["TZ": ":Asia/Tokyo"]).identifier == "Asia/Tokyo")
        #expect(ZoneRules.system(environment: ["TZ": "JST-9"]).secondsFromGMT(for: Date()) == 32_400)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("localtime-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/America/New_York")
        #expect(ZoneRules.system(environment: [:], localtime: link).identifier == "America/New_York")
        // A copied file (no link to follow) is read as it is.
        let copy = dir.appendingPathComponent("localtime-copy").path
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Kolkata", toPath: copy)
        #expect(ZoneRules.system(environment: [:], localtime: copy).secondsFromGMT(for: Date()) == 19_800)
        // Replaced (as timedatectl does on systems without the link), the new zone is seen.
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: copy)
        #expect(ZoneRules.system(environment: [:], localtime: copy).secondsFromGMT(for: Date()) == 32_400)
        #expect(ZoneRules.system(environment: [:], localtime: dir.appendingPathComponent("missing").path) == .utc)
    }

    @Test func damagedFilesAreRefused() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/London")))
        #expect(ZoneRules(identifier: "whole", tzif: bytes) != nil)
        for length in [0, 4, 43, 44, 100, bytes.count / 2] {
            #expect(ZoneRules(identifier: "cut", tzif: Array(bytes.prefix(length))) == nil, "accepted \(length) bytes")
        }
        #expect(ZoneRules(identifier: "text", tzif: Array("not a zone file at all, just words and more words".utf8)) == nil)
    }
}
