import FoundationEssentials
import ZoneInfo

/// The occurrences a calendar widget shows.
extension ICalendar {
    /// Days of recurrence rules one reading of a file may walk, all its events together:
    /// thousands of weekly and yearly events fit many times over (measured in
    /// docs/PERFORMANCE.md); a file made to stall the reader does not.
    package static let walkBudget = 2_000_000

    /// The occurrences that have not ended by `from` and start before `to`, soonest first:
    /// exceptions left out, moved and changed ones where they went (this one, or with
    /// RANGE=THISANDFUTURE every later one too), cancelled ones gone, of several versions
    /// of an event the latest. Throws when the file's rules together need more than
    /// `budget` days walked.
    package func occurrences(from: Date, to: Date, zone: ZoneRules, budget: Int = walkBudget) throws(Failure) -> [Occurrence] {
        var budget = budget
        var found: [Occurrence] = []
        let events = latestVersions()
        var changes: [String: [Event]] = [:]
        for event in events where event.recurrenceID != nil { changes[event.uid, default: []].append(event) }
        let masters = Dictionary(events.filter { $0.recurrenceID == nil && !$0.uid.isEmpty }.map { ($0.uid, $0) }, uniquingKeysWith: { _, later in later })
        for (index, event) in events.enumerated() {
            func add(_ start: Date, _ length: TimeInterval, _ summary: String) {
                let end = start.addingTimeInterval(length)
                if end > from && start < to {
                    found.append(Occurrence(summary: summary, start: start, end: end, allDay: event.allDay))
                }
            }
            if event.cancelled { continue }
            if let id = event.recurrenceID {
                // A change older than the series it changes counts only while the series
                // still has that occurrence (an EXDATE or a new UNTIL since drops it).
                if let master = masters[event.uid], event.sequence < master.sequence,
                   try !master.occurs(at: master.allDay ? (event.recurrenceDay ?? id) : id, zone: zone, budget: &budget) { continue }
                add(event.start, event.length, event.summary)
                continue
            }
            let ownChanges = changes[event.uid] ?? []
            var skip = event.exceptions
            for change in ownChanges {
                if let id = change.recurrenceID { skip.insert(id) }
                if event.allDay, let day = change.recurrenceDay { skip.insert(day) }
            }
            let future = ownChanges.filter(\.thisAndFuture).sorted { ($0.recurrenceID ?? .distantPast) < ($1.recurrenceID ?? .distantPast) }
            let reach = future.map { abs($0.start.timeIntervalSince($0.recurrenceID ?? $0.start)) }.max() ?? 0
            var starts = event.extraStarts.filter { !skip.contains($0.key) }
            // DTSTART is always the first occurrence, whether or not the rule makes it,
            // unless a rule ends before it begins (then there are none).
            let endsBefore = event.rules.contains { $0.until.map { $0 < event.start } ?? false }
            if !skip.contains(event.start) && !endsBefore { starts[event.start] = event.length }
            let home = event.zone ?? zone
            for rule in event.rules {
                let walked = RecurrenceWalk(rule: rule, first: home.civil(event.start), zone: home, allDay: event.allDay).forEach(from: from.addingTimeInterval(-max(0, event.length) - reach), to: to.addingTimeInterval(reach), budget: &budget) { day in
                    if !skip.contains(day) { starts[day] = event.length }
                }
                guard walked else {
                    throw Failure(description: "line \(event.line): the calendar's repeating events need more than \(Self.walkBudget) days of walking to find this week's (at \"\(event.summary.prefix(60))\", event \(index + 1) of \(events.count)): refused, not shown wrongly")
                }
            }
            for (start, length) in starts {
                // The latest THISANDFUTURE change at or before this occurrence moves it.
                if let change = future.last(where: { ($0.recurrenceID ?? .distantFuture) < start }), let id = change.recurrenceID {
                    add(start.addingTimeInterval(change.start.timeIntervalSince(id)), change.length, change.summary)
                } else {
                    add(start, length, event.summary)
                }
            }
        }
        return found.sorted { ($0.start, $0.summary) < ($1.start, $1.summary) }
    }

    /// Of several versions of one event (the same UID and RECURRENCE-ID), the one with
    /// the highest SEQUENCE, of equals the last written; events without a UID all stay.
    func latestVersions() -> [Event] {
        var chosen: [String: Int] = [:]
        var keep: [Int] = []
        for (index, event) in events.enumerated() {
            guard !event.uid.isEmpty else {
                keep.append(index)
                continue
            }
            let key = event.uid + "|" + (event.recurrenceID.map { String($0.timeIntervalSince1970) } ?? "")
            if let earlier = chosen[key], events[earlier].sequence > event.sequence { continue }
            chosen[key] = index
        }
        keep += chosen.values
        return keep.sorted().map { events[$0] }
    }
}

extension ICalendar.Event {
    /// Whether the series has an occurrence starting at `date` (its DTSTART, an RDATE or
    /// a rule's, not excluded).
    func occurs(at date: Date, zone: ZoneRules, budget: inout Int) throws(ICalendar.Failure) -> Bool {
        if exceptions.contains(date) { return false }
        if date == start || extraStarts[date] != nil { return true }
        let home = self.zone ?? zone
        for rule in rules {
            var hit = false
            guard RecurrenceWalk(rule: rule, first: home.civil(start), zone: home, allDay: allDay).forEach(from: date, to: date.addingTimeInterval(1), budget: &budget, { _ in hit = true }) else {
                throw ICalendar.Failure(description: "line \(line): the calendar's repeating events need more than \(ICalendar.walkBudget) days of walking: refused, not shown wrongly")
            }
            if hit { return true }
        }
        return false
    }
}
