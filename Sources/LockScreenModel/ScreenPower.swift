import FoundationEssentials
import PanelOptions
import ZoneInfo

/// Whether the screen is lit, and why: the schedule of `[display] off`, a switch someone
/// flipped (`lockscreenctl screen`, the web page, Home Assistant), a tap or key that
/// woke it. A value the daemon keeps and asks at each turn of its loop.
///
/// A switch holds until the schedule next changes, as a thermostat's hold lasts until its
/// next programmed change: a screen switched on at midnight still goes dark at the next
/// scheduled "off", and one switched off in the evening lights again at the next "on".
/// Without a schedule a switch holds until switched back or set to `auto`.
package struct ScreenPower: Sendable {
    /// Why the screen is as it is.
    package enum Cause: String, Sendable, Codable {
        /// No schedule says otherwise.
        case always
        /// `[display] off`.
        case schedule
        /// `lockscreenctl screen`, the web page, Home Assistant's switch.
        case `switch`
        /// A tap or a key, for `wakeFor` seconds.
        case woken
    }

    /// What the screen does now and until when.
    package struct Reading: Sendable, Equatable {
        package var on: Bool
        package var cause: Cause
        /// When the reading may next change by itself; nil for never.
        package var until: Date?

        package init(on: Bool, cause: Cause, until: Date?) {
            (self.on, self.cause, self.until) = (on, cause, until)
        }
    }

    /// What a switch asks.
    package enum Switch: String, Sendable, CaseIterable {
        case on, off
        /// Back to the schedule.
        case auto
    }

    package var schedule: ScreenSchedule?
    /// How long a tap or a key lights a sleeping screen.
    package var wakeFor: TimeInterval
    private var held: (on: Bool, until: Date?)?
    private var wokenUntil: Date?

    package init(schedule: ScreenSchedule? = nil, wakeFor: TimeInterval = 60) {
        self.schedule = schedule
        self.wakeFor = wakeFor
    }

    /// The screen at `time`, the schedule read on `zone`'s wall clock.
    package func reading(at time: Date, zone: ZoneRules) -> Reading {
        let scheduled = schedule.map { (off: $0.isOff(at: time, zone: zone), next: $0.nextChange(after: time, zone: zone)) }
        if let held, held.until.map({ time < $0 }) ?? true {
            // Woken over a switch that holds it dark: lit until the wake ends.
            if !held.on, let woken = wokenUntil, time < woken { return Reading(on: true, cause: .woken, until: min(woken, held.until ?? woken)) }
            return Reading(on: held.on, cause: .switch, until: held.until)
        }
        guard let scheduled else { return Reading(on: true, cause: .always, until: nil) }
        if scheduled.off, let woken = wokenUntil, time < woken {
            return Reading(on: true, cause: .woken, until: [woken, scheduled.next].compactMap { $0 }.min())
        }
        return Reading(on: !scheduled.off, cause: .schedule, until: scheduled.next)
    }

    /// A switch flipped at `time`: on or off until the schedule next changes, or back to
    /// the schedule. A wake in progress ends.
    package mutating func flip(_ request: Switch, at time: Date, zone: ZoneRules) {
        wokenUntil = nil
        switch request {
        case .auto: held = nil
        case .on, .off: held = (request == .on, schedule?.nextChange(after: time, zone: zone))
        }
    }

    /// A tap or key at `time` on a dark screen: lit for `wakeFor` seconds from now.
    package mutating func wake(at time: Date) {
        wokenUntil = time.addingTimeInterval(wakeFor)
    }
}
