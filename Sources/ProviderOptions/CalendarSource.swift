import FoundationEssentials
import WidgetKitCore
import ZoneInfo

/// A `calendar` widget: the next events of an iCalendar file or URL. Its timeline holds an
/// entry for now and one at the end of each coming event, so the agenda moves on by
/// itself; the source is read again every `interval`.
package struct CalendarSource: Sendable, Equatable {
    package enum Location: Sendable, Equatable {
        case file(String)
        case url(HTTPFetcher)
    }

    package var location: Location
    package var days = 7
    package var interval: TimeInterval = 900
    /// The zone times are shown in; nil for the machine's, read at each fetch.
    package var zone: ZoneRules?
    package var family: WidgetFamily

    package init(location: Location, days: Int = 7, interval: TimeInterval = 900, zone: ZoneRules? = nil, family: WidgetFamily) {
        self.location = location
        self.days = days
        self.interval = interval
        self.zone = zone
        self.family = family
    }
}
