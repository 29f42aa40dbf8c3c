/// The words lengths of time are written with in each language `DateLanguage` knows:
/// what `Text(date, style: .relative)` ("11 min, 14 sec") and `.offset` ("+11 minutes")
/// say. The forms are CLDR's (version 41, Debian's `unicode-cldr-core`): the short unit
/// forms and the two-item unit list for relative texts, the long forms for offsets, and
/// each language's plural rule for whole numbers.
package struct DurationWords: Sendable, Hashable {
    package enum Unit: Int, Sendable { case day, hour, minute, second }

    /// Which plural form a whole number takes.
    package enum Plural: Sendable, Hashable {
        /// "one" for 1 only (English, German, …).
        case oneForOne
        /// "one" for 0 and 1 (French, Portuguese).
        case oneForZeroAndOne
        /// Polish: "one" for 1, "few" for 2–4, 12–14 excepted, "many" for the rest.
        case polish

        package func form(_ n: Int) -> Int {
            switch self {
            case .oneForOne: return n == 1 ? 0 : 3
            case .oneForZeroAndOne: return n <= 1 ? 0 : 3
            case .polish:
                if n == 1 { return 0 }
                return (2...4).contains(n % 10) && !(12...14).contains(n % 100) ? 1 : 2
            }
        }
    }

    /// Per unit, the patterns for one, few, many and other ("{0}" the number).
    package let short: [[String]]
    package let long: [[String]]
    /// Two amounts together: "{0}, {1}" or "{0} et {1}".
    package let pair: String
    package let plural: Plural

    package func short(_ n: Int, _ unit: Unit) -> String { Self.fill(short[unit.rawValue][plural.form(n)], n) }
    package func long(_ n: Int, _ unit: Unit) -> String { Self.fill(long[unit.rawValue][plural.form(n)], n) }
    package func pair(_ first: String, _ second: String) -> String {
        pair.replacing("{0}", with: first).replacing("{1}", with: second)
    }

    private static func fill(_ pattern: String, _ n: Int) -> String { pattern.replacing("{0}", with: String(n)) }

    /// One and other alike in every form: a unit whose word does not change with the number.
    private static func same(_ pattern: String) -> [String] { [pattern, pattern, pattern, pattern] }
    /// One, then other for few, many and other.
    private static func two(_ one: String, _ other: String) -> [String] { [one, other, other, other] }

    /// The words for a language identifier; English for one without its own.
    package static func named(_ identifier: String) -> DurationWords { table[identifier] ?? english }

    package static let english = DurationWords(
        short: [two("{0} day", "{0} days"), same("{0} hr"), same("{0} min"), same("{0} sec")],
        long: [two("{0} day", "{0} days"), two("{0} hour", "{0} hours"), two("{0} minute", "{0} minutes"), two("{0} second", "{0} seconds")],
        pair: "{0}, {1}", plural: .oneForOne)

    private static let table: [String: DurationWords] = [
        "de": DurationWords(
            short: [same("{0} Tg."), same("{0} Std."), same("{0} Min."), same("{0} Sek.")],
            long: [two("{0} Tag", "{0} Tage"), two("{0} Stunde", "{0} Stunden"), two("{0} Minute", "{0} Minuten"), two("{0} Sekunde", "{0} Sekunden")],
            pair: "{0}, {1}", plural: .oneForOne),
        "fr": DurationWords(
            short: [same("{0}\u{202F}j"), same("{0}\u{202F}h"), same("{0}\u{A0}min"), same("{0}\u{202F}s")],
            long: [two("{0}\u{A0}jour", "{0}\u{A0}jours"), two("{0}\u{A0}heure", "{0}\u{A0}heures"), two("{0} minute", "{0} minutes"),
                   two("{0}\u{A0}seconde", "{0}\u{A0}secondes")],
            pair: "{0} et {1}", plural: .oneForZeroAndOne),
        "es": DurationWords(
            short: [same("{0} d"), same("{0} h"), same("{0} min"), same("{0} s")],
            long: [two("{0} día", "{0} días"), two("{0} hora", "{0} horas"), two("{0} minuto", "{0} minutos"), two("{0} segundo", "{0} segundos")],
            pair: "{0} y {1}", plural: .oneForOne),
        "it": DurationWords(
            short: [two("{0} giorno", "{0} giorni"), same("{0} h"), same("{0} min"), same("{0} s")],
            long: [two("{0} giorno", "{0} giorni"), two("{0} ora", "{0} ore"), two("{0} minuto", "{0} minuti"), two("{0} secondo", "{0} secondi")],
            pair: "{0} e {1}", plural: .oneForOne),
        "nl": DurationWords(
            short: [two("{0} dag", "{0} dagen"), same("{0} uur"), same("{0} min"), same("{0} sec")],
            long: [two("{0} dag", "{0} dagen"), same("{0} uur"), two("{0} minuut", "{0} minuten"), two("{0} seconde", "{0} seconden")],
            pair: "{0}, {1}", plural: .oneForOne),
        "pt": DurationWords(
            short: [two("{0} dia", "{0} dias"), same("{0} h"), same("{0} min"), same("{0} seg")],
            long: [two("{0} dia", "{0} dias"), two("{0} hora", "{0} horas"), two("{0} minuto", "{0} minutos"), two("{0} segundo", "{0} segundos")],
            pair: "{0} e {1}", plural: .oneForZeroAndOne),
        "sv": DurationWords(
            short: [same("{0} d"), same("{0} tim"), same("{0} min"), same("{0} s")],
            long: [same("{0} dygn"), two("{0} timme", "{0} timmar"), two("{0} minut", "{0} minuter"), two("{0} sekund", "{0} sekunder")],
            pair: "{0}, {1}", plural: .oneForOne),
        "da": DurationWords(
            short: [two("{0} dag", "{0} dage"), same("{0} t."), same("{0} min."), same("{0} sek.")],
            long: [two("{0} dag", "{0} dage"), two("{0} time", "{0} timer"), two("{0} minut", "{0} minutter"), two("{0} sekund", "{0} sekunder")],
            pair: "{0} og {1}", plural: .oneForOne),
        "nb": DurationWords(
            short: [same("{0} d"), same("{0} t"), same("{0} min"), same("{0} sek")],
            long: [same("{0} døgn"), two("{0} time", "{0} timer"), two("{0} minutt", "{0} minutter"), two("{0} sekund", "{0} sekunder")],
            pair: "{0}, {1}", plural: .oneForOne),
        "pl": DurationWords(
            short: [["{0} doba", "{0} doby", "{0} dób", "{0} doby"], same("{0} godz."), same("{0} min"), same("{0} sek.")],
            long: [["{0} doba", "{0} doby", "{0} dób", "{0} doby"], ["{0} godzina", "{0} godziny", "{0} godzin", "{0} godziny"],
                   ["{0} minuta", "{0} minuty", "{0} minut", "{0} minuty"], ["{0} sekunda", "{0} sekundy", "{0} sekund", "{0} sekundy"]],
            pair: "{0} i {1}", plural: .polish),
    ]
}
