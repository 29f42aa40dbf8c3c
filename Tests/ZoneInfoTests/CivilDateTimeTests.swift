import Foundation
import Testing
import ZoneInfo

@Suite struct CivilDateTimeTests {
    @Test func daysRoundTripAcrossCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Every 9 days from 1600 to 2400, leap centuries included.
        for day in stride(from: -135_140, through: 157_054, by: 9) {
            let seconds = Int64(day) * 86_400 + 45_296
            let civil = CivilDateTime(secondsSinceEpoch: seconds)
            let r = calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect([civil.year, civil.month, civil.day, civil.weekday] == [r.year, r.month, r.day, r.weekday])
            #expect(civil.secondsSinceEpoch == seconds)
            #expect([civil.hour, civil.minute, civil.second] == [Int]([12, 34, 56]))
        }
    }

    @Test func fieldsOutOfRangeCarry() {
        #expect(CivilDateTime(year: 2026, month: 13, day: 1).secondsSinceEpoch == CivilDateTime(year: 2027, month: 1, day: 1).secondsSinceEpoch)
        #expect(CivilDateTime(year: 2026, month: 3, day: 0).secondsSinceEpoch == CivilDateTime(year: 2026, month: 2, day: 28).secondsSinceEpoch)
        #expect(CivilDateTime(year: 2026, month: 12, day: 31, hour: 25).secondsSinceEpoch == CivilDateTime(year: 2027, month: 1, day: 1, hour: 1).secondsSinceEpoch)
        #expect(CivilDateTime(year: 2024, month: 2, day: 28, hour: 9).adding(days: 1) == CivilDateTime(year: 2024, month: 2, day: 29, hour: 9))
        #expect(CivilDateTime(year: 2026, month: 12, day: 31).adding(days: 1) == CivilDateTime(year: 2027, month: 1, day: 1))
        #expect(CivilDateTime(secondsSinceEpoch: -1) == CivilDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
    }

    @Test func monthLengths() {
        #expect(CivilDateTime.daysIn(month: 2, year: 2024) == 29)
        #expect(CivilDateTime.daysIn(month: 2, year: 1900) == 28)
        #expect(CivilDateTime.daysIn(month: 2, year: 2000) == 29)
        #expect(CivilDateTime.daysIn(month: 4, year: 2026) == 30)
        #expect(CivilDateTime.daysIn(month: 12, year: 2026) == 31)
    }
}
