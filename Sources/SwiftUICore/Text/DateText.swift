import Canvas
import FoundationEssentials
import ZoneInfo
import WidgetKitCore

/// Formats the self-updating date texts of `Text(date, style:)` and friends, and says
/// when each next changes, in the language of `[clock] locale` (English without one).
enum DateText {

    /// "9:41 AM" or "09:41" / "21:41".
    static func time(_ date: Date, zone: ZoneRules, twentyFourHour: Bool) -> String {
        let c = zone.civil(date)
        if twentyFourHour { return CFormat.twoDigits(c.hour) + ":" + CFormat.twoDigits(c.minute) }
        return String(c.hour % 12 == 0 ? 12 : c.hour % 12) + ":" + CFormat.twoDigits(c.minute) + (c.hour < 12 ? " AM" : " PM")
    }

    /// The lock screen's clock: "9:41" on a 12-hour clock (no AM/PM), "09:41" on 24.
    static func clock(_ date: Date, zone: ZoneRules, twentyFourHour: Bool) -> String {
        let c = zone.civil(date)
        if twentyFourHour { return CFormat.twoDigits(c.hour) + ":" + CFormat.twoDigits(c.minute) }
        return String(c.hour % 12 == 0 ? 12 : c.hour % 12) + ":" + CFormat.twoDigits(c.minute)
    }

    /// "November 22, 2026", in the language's words and order.
    static func longDate(_ date: Date, zone: ZoneRules, language: DateLanguage = .standard) -> String {
        let c = zone.civil(date)
        return language.longDate(day: c.day, month: c.month, year: c.year)
    }

    /// "Sun 22 Nov": the weekday and date the lock screen draws before the inline widget.
    static func lockScreenDate(_ date: Date, zone: ZoneRules, language: DateLanguage = .standard) -> String {
        let c = zone.civil(date)
        return language.shortDate(weekday: c.weekday, day: c.day, month: c.month)
    }

    /// "11 min, 14 sec", "2 hr, 5 min", "3 days, 2 hr": the two largest units, in the
    /// language's short words ("11 Min., 14 Sek.", "11\u{A0}min et 14\u{202F}s").
    static func relative(_ seconds: TimeInterval, words: DurationWords = .english) -> String {
        let s = wholeSeconds(seconds)
        let (days, hours, minutes, secs) = (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60, s % 60)
        if days > 0 { return words.pair(words.short(days, .day), words.short(hours, .hour)) }
        if hours > 0 { return words.pair(words.short(hours, .hour), words.short(minutes, .minute)) }
        if minutes > 0 { return words.pair(words.short(minutes, .minute), words.short(secs, .second)) }
        return words.short(secs, .second)
    }

    /// "+11 minutes", "-2 hours", "+3 days": the largest whole unit, signed by direction,
    /// in the language's long words ("+11 Minuten").
    static func offset(_ seconds: TimeInterval, words: DurationWords = .english) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let s = wholeSeconds(seconds)
        if s >= 86_400 { return sign + words.long(s / 86_400, .day) }
        if s >= 3_600 { return sign + words.long(s / 3_600, .hour) }
        return sign + words.long(s / 60, .minute)
    }

    /// The whole seconds of an interval's length, at most ten thousand years: a pushed or
    /// computed interval of any size (1e19 s, infinity, not a number) is drawn as that
    /// bound instead of trapping in the conversion to `Int`.
    static func wholeSeconds(_ seconds: TimeInterval) -> Int {
        let length = abs(seconds)
        guard length.isFinite else { return longest }
        return Int(min(length, Double(longest)).rounded(.down))
    }

    /// Ten thousand years of seconds: the longest interval the texts spell out.
    static let longest = 10_000 * 366 * 86_400

    /// "15:00", "1:02:03": a running clock of elapsed or remaining time.
    static func timer(_ seconds: TimeInterval, showsHours: Bool = true) -> String {
        let s = wholeSeconds(seconds)
        let (h, m, sec) = (s / 3_600, s % 3_600 / 60, s % 60)
        if h > 0 && showsHours { return String(h) + ":" + CFormat.twoDigits(m) + ":" + CFormat.twoDigits(sec) }
        return String(showsHours ? m : m + h * 60) + ":" + CFormat.twoDigits(sec)
    }
}
