import Foundation
import PanelOptions
import Testing
import ZoneInfo

@Suite("ScreenSchedule")
struct ScreenScheduleTests {
    /// Sunday 2026-11-22, 00:00 UTC.
    static let sunday = Date(timeIntervalSince1970: 1_795_305_600)

    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        Self.sunday.addingTimeInterval(Double(day * 86_400 + hour * 3_600 + minute * 60))
    }

    @Test("spans are read with their days, and what is not a span is refused")
    func reading() throws {
        let nightly = try #require(ScreenSchedule(["23:00-07:00"]))
        #expect(nightly.spans == [.init(days: Set(1...7), time: QuietSpan("23:00-07:00")!)])
        let week = try #require(ScreenSchedule(["mon-fri 09:00-17:00", "sat,sun 00:00-09:00"]))
        #expect(week.spans.map(\.days) == [[2, 3, 4, 5, 6], [7, 1]])
        #expect(ScreenSchedule(["FRI-MON 22:00-08:00"])?.spans.first?.days == [6, 7, 1, 2])
        #expect(ScreenSchedule(["mon,wed-fri 01:00-02:00"])?.spans.first?.days == [2, 4, 5, 6])
        for wrong in ["", "23:00", "24:00-07:00", "23:00-07:60", "moon 23:00-07:00", "mon- 23:00-07:00", "mon tue 23:00-07:00", "23-07"] {
            #expect(ScreenSchedule([wrong]) == nil, "\(wrong)")
        }
        #expect(ScreenSchedule([]) == nil)
    }

    @Test("a span past midnight belongs to the day it starts on")
    func pastMidnight() throws {
        let friday = try #require(ScreenSchedule(["fri 23:00-07:00"]))
        #expect(!friday.isOff(at: at(5, 22, 59), zone: .utc))
        #expect(friday.isOff(at: at(5, 23), zone: .utc))
        #expect(friday.isOff(at: at(6, 6, 59), zone: .utc))  // Saturday morning
        #expect(!friday.isOff(at: at(6, 7), zone: .utc))
        #expect(!friday.isOff(at: at(5, 6), zone: .utc))  // Friday morning: Thursday night is not in it
        let allDay = try #require(ScreenSchedule(["sat 00:00-00:00"]))
        #expect(allDay.isOff(at: at(6, 0), zone: .utc) && allDay.isOff(at: at(6, 23, 59), zone: .utc))
        #expect(!allDay.isOff(at: at(7, 0), zone: .utc) && !allDay.isOff(at: at(5, 23, 59), zone: .utc))
    }

    @Test("the next change skips edges where spans touch, and is nil when nothing changes")
    func nextChange() throws {
        let touching = try #require(ScreenSchedule(["22:00-00:00", "00:00-06:30"]))
        #expect(touching.nextChange(after: at(0, 12), zone: .utc) == at(0, 22))
        #expect(touching.nextChange(after: at(0, 22), zone: .utc) == at(1, 6, 30))
        let weekdays = try #require(ScreenSchedule(["mon-fri 09:00-17:00"]))
        // Saturday noon: the next is Monday 09:00.
        #expect(weekdays.nextChange(after: at(6, 12), zone: .utc) == at(8, 9))
        #expect(ScreenSchedule(["00:00-00:00"])?.nextChange(after: at(0, 12), zone: .utc) == nil)
    }

    @Test("local time follows the zone across a change of clocks")
    func daylightSaving() throws {
        let berlin = try #require(ZoneRules.named("Europe/Berlin"))
        let nightly = try #require(ScreenSchedule(["23:00-07:00"]))
        // 2027-03-28: Berlin goes from UTC+1 to UTC+2 at 02:00 local.
        let evening = Date(timeIntervalSince1970: 1_806_166_800)  // 2027-03-27T17:00:00Z, 18:00 local
        let off = try #require(nightly.nextChange(after: evening, zone: berlin))
        #expect(off == Date(timeIntervalSince1970: 1_806_184_800))  // 22:00Z = 23:00 CET
        let on = try #require(nightly.nextChange(after: off, zone: berlin))
        #expect(on == Date(timeIntervalSince1970: 1_806_210_000))  // 05:00Z = 07:00 CEST
    }
}
