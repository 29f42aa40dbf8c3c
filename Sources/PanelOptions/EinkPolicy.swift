import FoundationEssentials
import ZoneInfo

/// When an e-ink panel gets a full (flashing) refresh instead of a partial one.
///
/// Partial updates leave ghosts that build up, so a full refresh cleans the panel after
/// `partialsBeforeFull` partial ones, or once `fullInterval` has passed since the last
/// full one (if anything was drawn since). During the quiet period (a desk display in a
/// bedroom at night) full refreshes wait for its end, unless the partial updates reach
/// `partialsLimit`, past which the ghosting is too strong to wait.
package struct EinkPolicy: Sendable {
    package var partialsBeforeFull = 20
    package var fullInterval: TimeInterval? = 3_600
    /// Minutes after local midnight; the period may wrap past midnight (22:00–07:00).
    package var quietPeriod: (start: Int, end: Int)?
    package var partialsLimit = 60
    package var timeZone: ZoneRules = .local
    /// Seconds a change that is not time-critical (a provider's new answer) may wait to
    /// join the next update the panel gets anyway (the clock's minute), so the panel
    /// refreshes once for both: every refresh of e-ink costs ink's flicker and wear.
    package var holdChanges: TimeInterval = 60

    package init() {}

    /// The panel's refresh history, as the policy needs it.
    package struct State: Sendable, Equatable {
        package var partialsSinceFull = 0
        package var lastFull: Date?

        package init() {}
    }

    /// True when `time` falls in the quiet period.
    package func isQuiet(_ time: Date) -> Bool {
        guard let (start, end) = quietPeriod else { return false }
        let reading = timeZone.civil(time)
        let minute = reading.hour * 60 + reading.minute
        return start <= end ? (start..<end).contains(minute) : (minute >= start || minute < end)
    }

    /// The refresh for an update at `time` that the daemon would send as `requested`.
    package func decide(_ requested: Refresh, at time: Date, state: State) -> Refresh {
        if requested == .full || state.lastFull == nil { return .full }
        if state.partialsSinceFull + 1 >= partialsLimit { return .full }
        if isQuiet(time) { return .partial }
        if state.partialsSinceFull + 1 >= partialsBeforeFull { return .full }
        if let interval = fullInterval, let last = state.lastFull, time >= last.addingTimeInterval(interval) { return .full }
        return .partial
    }

    /// Records an update that was sent.
    package func record(_ refresh: Refresh, at time: Date, state: inout State) {
        if refresh == .full {
            state.partialsSinceFull = 0
            state.lastFull = time
        } else {
            state.partialsSinceFull += 1
        }
    }

    /// When the time limit asks for a cleaning refresh with no update to carry it: the
    /// interval after the last full refresh, moved past the quiet period. Nil when the
    /// panel is clean (no partial update since the last full one).
    package func nextCleaning(after time: Date, state: State) -> Date? {
        guard let interval = fullInterval, let last = state.lastFull, state.partialsSinceFull > 0 else { return nil }
        var due = max(last.addingTimeInterval(interval), time)
        // Step out of the quiet period a minute at a time (at most a day).
        var steps = 0
        while isQuiet(due), steps < 1_440 {
            due = due.addingTimeInterval(60 - due.timeIntervalSince1970.truncatingRemainder(dividingBy: 60))
            steps += 1
        }
        return due
    }
}
