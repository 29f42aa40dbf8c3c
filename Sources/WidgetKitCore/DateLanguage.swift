/// The names and orders dates are written in, for the languages a desk display is most
/// often set to: what `Text(date, style: .date)`, the lock screen's date line and date
/// formats use. Chosen by `[clock] locale`, else the `LC_ALL`, `LC_TIME` or `LANG` the
/// daemon runs with; `standard` (English, "November 22, 2026", 24-hour) when none names
/// a known language, as with `C` or none set. Relative and offset texts ("11 min,
/// 14 sec") use its `durationWords`.
package struct DateLanguage: Sendable, Hashable {
    /// How a long date is ordered.
    package enum Order: Sendable, Hashable {
        /// "November 22, 2026".
        case monthDayYear
        /// "22 November 2026".
        case dayMonthYear
        /// "22. November 2026".
        case dayDotMonthYear
        /// "22 de noviembre de 2026".
        case dayDeMonthDeYear
    }

    package let identifier: String
    package let months: [String]
    package let weekdays: [String]
    package let order: Order
    /// Whether the language's clocks read 24 hours (most of Europe) or 12 with AM/PM.
    package let uses24HourClock: Bool
    /// "Sun 22 Nov" (English) or "So. 22. Nov." (German): abbreviations end in a dot.
    package let abbreviationDot: Bool

    /// The words of relative and offset texts ("11 Min., 14 Sek.").
    package var durationWords: DurationWords { DurationWords.named(String(identifier.prefix { $0 != "_" })) }

    /// "November 22, 2026" in this language.
    package func longDate(day: Int, month: Int, year: Int) -> String {
        let name = months[month - 1]
        switch order {
        case .monthDayYear: return "\(name) \(day), \(year)"
        case .dayMonthYear: return "\(day) \(name) \(year)"
        case .dayDotMonthYear: return "\(day). \(name) \(year)"
        case .dayDeMonthDeYear: return "\(day) de \(name) de \(year)"
        }
    }

    /// "Sun 22 Nov": the lock screen's date line in this language.
    package func shortDate(weekday: Int, day: Int, month: Int) -> String {
        let dayText = order == .dayDotMonthYear ? "\(day)." : "\(day)"
        return "\(abbreviation(weekdays[weekday - 1], length: weekdayLength)) \(dayText) \(abbreviation(months[month - 1], length: 3))"
    }

    /// German and the Nordic languages shorten weekdays to two letters ("So."), the rest to three.
    private var weekdayLength: Int { ["de", "da", "nb"].contains(identifier) ? 2 : 3 }

    /// The first `length` letters, with the language's dot when a letter was left out.
    package func abbreviation(_ name: String, length: Int) -> String {
        let short = String(name.prefix(length))
        return abbreviationDot && short.count < name.count ? short + "." : short
    }

    /// The language a locale name ("de_DE.UTF-8", "fr", "en_GB") names; nil for an
    /// unknown one. "C" and "POSIX" are `standard`.
    package static func named(_ locale: String) -> DateLanguage? {
        let base = locale.split(separator: ".").first.map(String.init) ?? locale
        if base == "C" || base == "POSIX" { return .standard }
        let parts = base.split(separator: "_").map(String.init)
        guard let language = parts.first?.lowercased() else { return nil }
        if language == "en" {
            return ["US", "CA", "PH"].contains(parts.count > 1 ? parts[1] : "US") ? .englishUS : .english
        }
        return all.first { $0.identifier == language }
    }

    /// The languages known by name, for "did you mean".
    package static var identifiers: [String] { ["en_US", "en_GB"] + all.map(\.identifier).filter { $0 != "en" } }

    /// English dates in the United States' order on a 24-hour clock: without a locale.
    package static let standard = DateLanguage(
        identifier: "C", months: english.months, weekdays: english.weekdays, order: .monthDayYear, uses24HourClock: true, abbreviationDot: false)

    /// The language of `LC_ALL`, `LC_TIME` or `LANG` (the first set), else `standard`.
    package static func fromEnvironment(_ environment: [String: String]) -> DateLanguage {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = environment[name], !value.isEmpty { return named(value) ?? .standard }
        }
        return .standard
    }

    package static let englishUS = DateLanguage(
        identifier: "en_US", months: english.months, weekdays: english.weekdays, order: .monthDayYear, uses24HourClock: false, abbreviationDot: false)

    package static let english = DateLanguage(
        identifier: "en",
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        order: .dayMonthYear, uses24HourClock: true, abbreviationDot: false)

    package static let all: [DateLanguage] = [
        english,
        DateLanguage(
            identifier: "de",
            months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
            weekdays: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
            order: .dayDotMonthYear, uses24HourClock: true, abbreviationDot: true),
        DateLanguage(
            identifier: "fr",
            months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
            weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
            order: .dayMonthYear, uses24HourClock: true, abbreviationDot: true),
        DateLanguage(
            identifier: "es",
            months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
            weekdays: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
            order: .dayDeMonthDeYear, uses24HourClock: true, abbreviationDot: false),
        DateLanguage(
            identifier: "it",
            months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
            weekdays: ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"],
            order: .dayMonthYear, uses24HourClock: true, abbreviationDot: false),
        DateLanguage(
            identifier: "nl",
            months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
            weekdays: ["zondag", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag"],
            order: .dayMonthYear, uses24HourClock: true, abbreviationDot: false),
        DateLanguage(
            identifier: "pt",
            months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
            weekdays: ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"],
            order: .dayDeMonthDeYear, uses24HourClock: true, abbreviationDot: false),
        DateLanguage(
            identifier: "sv",
            months: ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"],
            weekdays: ["söndag", "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag"],
            order: .dayMonthYear, uses24HourClock: true, abbreviationDot: false),
        DateLanguage(
            identifier: "da",
            months: ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"],
            weekdays: ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"],
            order: .dayDotMonthYear, uses24HourClock: true, abbreviationDot: true),
        DateLanguage(
            identifier: "nb",
            months: ["januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"],
            weekdays: ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"],
            order: .dayDotMonthYear, uses24HourClock: true, abbreviationDot: true),
        DateLanguage(
            identifier: "pl",
            months: ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"],
            weekdays: ["niedziela", "poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota"],
            order: .dayMonthYear, uses24HourClock: true, abbreviationDot: false),
    ]
}
