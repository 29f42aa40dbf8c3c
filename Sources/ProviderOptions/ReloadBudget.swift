import FoundationEssentials

/// How often a widget's provider may be asked for a timeline by its reload policy, as
/// iOS budgets widgets: by default at most 70 reloads a day, at least 5 minutes apart.
/// Reloads asked for through `WidgetCenter` (or `lockscreenctl reload`) are not charged.
package struct ReloadBudget: Sendable, Hashable, Codable {
    /// Charged reloads allowed in any 24 hours; nil for no limit.
    package var maximumPerDay: Int?
    /// The shortest time between two charged reloads.
    package var minimumInterval: TimeInterval

    package init(maximumPerDay: Int?, minimumInterval: TimeInterval) {
        self.maximumPerDay = maximumPerDay
        self.minimumInterval = minimumInterval
    }

    /// iOS's budget for a frequently viewed widget.
    package static let standard = ReloadBudget(maximumPerDay: 70, minimumInterval: 300)
    /// No budget: built-in local providers (clock, system statistics) reload as they ask.
    package static let unlimited = ReloadBudget(maximumPerDay: nil, minimumInterval: 0)

    /// The earliest instant at or after `time` when a charged reload is allowed, given
    /// the charged reloads of the last day (oldest first).
    package func nextAllowed(at time: Date, after charged: [Date]) -> Date {
        var earliest = time
        if let last = charged.last { earliest = max(earliest, last.addingTimeInterval(minimumInterval)) }
        if let maximum = maximumPerDay {
            let window = charged.filter { $0 > time.addingTimeInterval(-86_400) }
            if window.count >= maximum, maximum > 0 {
                earliest = max(earliest, window[window.count - maximum].addingTimeInterval(86_400))
            } else if maximum == 0 {
                return .distantFuture
            }
        }
        return earliest
    }

    /// Charged reloads left in the 24 hours before `time`; nil when unlimited.
    package func remaining(at time: Date, after charged: [Date]) -> Int? {
        maximumPerDay.map { max(0, $0 - charged.filter { $0 > time.addingTimeInterval(-86_400) }.count) }
    }
}
