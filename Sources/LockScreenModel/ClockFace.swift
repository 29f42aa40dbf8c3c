import WidgetKitCore
import ZoneInfo

/// How the lock screen's own parts read: dark or light, a 12- or 24-hour clock, the
/// date's language, the big clock's font and its zone. Declared here once: the
/// configuration file reads it (`[display] appearance`, `[clock]`), the command line
/// applies its overrides to it once, and the renderer, a reload and a client's screen
/// each take it whole.
package struct ClockFace: Sendable {
    package var colorScheme: ColorScheme = .dark
    package var uses24HourClock: Bool
    package var dateLanguage: DateLanguage
    /// The big clock's font family (a fontconfig name); nil for Inter semibold.
    package var clockFont: String?
    /// A fixed zone; nil follows the machine's zone as it changes.
    package var timeZone: ZoneRules?

    /// The face of `dateLanguage`: its clock (12- or 24-hour), dark, the lock screen's font.
    package init(dateLanguage: DateLanguage = .standard) {
        self.dateLanguage = dateLanguage
        uses24HourClock = dateLanguage.uses24HourClock
    }
}
