import Foundation
import Testing
import ZoneInfo

@Suite struct ISO8601Tests {
    @Test func parsesTheFormsTheCommandLineAndTimelinesUse() {
        let instant = Date(timeIntervalSince1970: 1_795_356_297)  // 2026-11-22T14:04:57Z
        #expect(ISO8601.parse("2026-11-22T14:04:57Z") == instant)
        #expect(ISO8601.parse("2026-11-22t14:04:57z") == instant)
        #expect(ISO8601.parse("2026-11-22T15:04:57+01:00") == instant)
        #expect(ISO8601.parse("2026-11-22T09:34:57-0430") == instant)
        #expect(ISO8601.parse("2026-11-22T14:04:57.250Z") == instant.addingTimeInterval(0.25))
        #expect(ISO8601.parse("1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
    }

    @Test func refusesWhatIsNotATimestamp() {
        for text in ["", "2026-11-22", "2026-11-22T14:04Z", "2026-11-22T14:04:57", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
                     "2026-11-22T24:00:00Z", "2026-11-22T14:04:57+1", "2026-11-22T14:04:57.Z", "2026-11-22T14:04:57Z trailing", "２０２６-11-22T14:04:57Z"] {
            #expect(ISO8601.parse(text) == nil, "accepted \"\(text)\"")
        }
    }

    @Test func formatsInUTCWithMillisecondsOnlyWhenThereAreAny() {
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1_795_356_297)) == "2026-11-22T14:04:57Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1_795_356_297.5)) == "2026-11-22T14:04:57.500Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        for seconds in stride(from: -2_000_000_000.0, to: 4_000_000_000, by: 97_654_321.125) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601.parse(ISO8601.format(date)) == date)
        }
    }
}
