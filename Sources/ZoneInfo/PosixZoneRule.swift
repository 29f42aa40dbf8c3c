/// A POSIX `TZ` rule such as "GMT0BST,M3.5.0/1,M10.5.0" or "<+0530>-5:30": a standard
/// offset and, optionally, a daylight-saving offset with the yearly days it starts and
/// ends. TZif files end with one to cover every instant after their last transition, and
/// `TZ` may hold one directly.
package struct PosixZoneRule: Hashable, Sendable {
    /// Seconds east of UTC, outside daylight saving time.
    package var standardOffset: Int
    package var daylight: Daylight?

    /// When daylight saving time applies and its offset.
    package struct Daylight: Hashable, Sendable {
        /// Seconds east of UTC during daylight saving time.
        package var offset: Int
        package var start: Transition
        package var end: Transition
    }

    /// One yearly switch: a day of the year and the local time of day it happens at, in
    /// the offset in force just before it.
    package struct Transition: Hashable, Sendable {
        package enum Day: Hashable, Sendable {
            /// "Jn": day 1 to 365, February 29 never counted.
            case julian(Int)
            /// "n": day 0 to 365, February 29 counted in leap years.
            case zeroBased(Int)
            /// "Mm.w.d": weekday `weekday` (0 Sunday) of week `week` (5 the last) of `month`.
            case monthWeek(month: Int, week: Int, weekday: Int)
        }

        package var day: Day
        /// Seconds after local midnight; may be negative or past 24 h.
        package var time: Int

        /// The local wall-clock reading of this switch in `year`, as seconds since the epoch.
        func localSeconds(in year: Int) -> Int64 {
            let jan1 = CivilDateTime.days(fromCivil: year, 1, 1)
            let days: Int
            switch day {
            case let .julian(n):
                days = jan1 + n - 1 + (CivilDateTime.isLeap(year) && n >= 60 ? 1 : 0)
            case let .zeroBased(n):
                days = jan1 + n
            case let .monthWeek(month, week, weekday):
                let first = CivilDateTime.days(fromCivil: year, month, 1)
                var day = 1 + (weekday - (first + 4).floorModulo(7)).floorModulo(7) + (week - 1) * 7
                while day > CivilDateTime.daysIn(month: month, year: year) { day -= 7 }
                days = first + day - 1
            }
            return Int64(days) * 86_400 + Int64(time)
        }
    }

    /// Parses a POSIX `TZ` value; nil when it is not one.
    package init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.atEnd { return }
        guard scanner.name() else { return nil }
        var offset = standardOffset + 3_600
        if let explicit = scanner.offset() { offset = -explicit }
        guard scanner.skip(","), let start = scanner.transition(), scanner.skip(","), let end = scanner.transition(), scanner.atEnd else {
            // A zone name with DST but no rule has no portable meaning; refuse it.
            return nil
        }
        daylight = Daylight(offset: offset, start: start, end: end)
    }

    /// Seconds east of UTC at `seconds` since the epoch.
    package func offset(at seconds: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let year = CivilDateTime(secondsSinceEpoch: seconds + Int64(standardOffset)).year
        let start = daylight.start.localSeconds(in: year) - Int64(standardOffset)
        let end = daylight.end.localSeconds(in: year) - Int64(daylight.offset)
        let inDaylight = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// Reads the fields of a rule left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        /// "GMT", or "<+0530>" for names that are not letters.
        mutating func name() -> Bool {
            let start = index
            if skip("<") {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                return skip(">") && index - start >= 5
            }
            while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") { index += 1 }
            return index - start >= 3
        }

        mutating func number() -> Int? {
            let start = index
            var value = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), index - start < 6 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? value : nil
        }

        /// "[+-]hh[:mm[:ss]]" as seconds.
        mutating func offset() -> Int? {
            let sign = skip("-") ? -1 : (skip("+") ? 1 : 1)
            guard let hours = number() else { return nil }
            var seconds = hours * 3_600
            if skip(":") {
                guard let minutes = number() else { return nil }
                seconds += minutes * 60
                if skip(":") {
                    guard let secs = number() else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        mutating func transition() -> Transition? {
            let day: Transition.Day
            if skip("J") {
                guard let n = number(), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if skip("M") {
                guard let month = number(), skip("."), let week = number(), skip("."), let weekday = number(),
                      (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else { return nil }
                day = .monthWeek(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7_200
            if skip("/") {
                guard let t = offset() else { return nil }
                time = t
            }
            return Transition(day: day, time: time)
        }
    }
}
