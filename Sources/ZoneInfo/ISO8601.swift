import FoundationEssentials

/// ISO 8601 timestamps as the command line and frame logs use them.
package enum ISO8601 {
    /// "2026-11-22T14:05:00Z", with milliseconds only when the instant has a fraction.
    package static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let c = CivilDateTime(secondsSinceEpoch: Int64(whole))
        var text = "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day))T\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second))"
        if whole != seconds { text += "." + pad(min(999, Int(((seconds - whole) * 1000).rounded(.down))), 3) }
        return text + "Z"
    }

    /// Parses "2026-11-22T14:04:57Z", with an offset ("+01:00", "+0100") instead of "Z"
    /// or fractional seconds; nil for anything else.
    package static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var value = 0
            for byte in b[at..<at + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ at: Int, _ expected: Character) -> Bool { at < b.count && b[at] == expected.asciiValue }
        guard let year = digits(0, 4), byte(4, "-"), let month = digits(5, 2), byte(7, "-"), let day = digits(8, 2),
              byte(10, "T") || byte(10, "t"), let hour = digits(11, 2), byte(13, ":"), let minute = digits(14, 2),
              byte(16, ":"), let second = digits(17, 2),
              (1...12).contains(month), (1...CivilDateTime.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        var at = 19
        var fraction = 0.0
        if byte(at, ".") || byte(at, ",") {
            at += 1
            var scale = 0.1
            let start = at
            while let d = digits(at, 1) { fraction += Double(d) * scale; scale /= 10; at += 1 }
            guard at > start else { return nil }
        }
        var offset = 0
        if byte(at, "Z") || byte(at, "z") {
            at += 1
        } else if byte(at, "+") || byte(at, "-") {
            let sign = byte(at, "-") ? -1 : 1
            guard let h = digits(at + 1, 2) else { return nil }
            at += 3
            if byte(at, ":") { at += 1 }
            guard let m = digits(at, 2), h < 24, m < 60 else { return nil }
            at += 2
            offset = sign * (h * 3_600 + m * 60)
        } else {
            return nil
        }
        guard at == b.count else { return nil }
        let local = CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second).secondsSinceEpoch
        return Date(timeIntervalSince1970: TimeInterval(local - Int64(offset)) + fraction)
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
