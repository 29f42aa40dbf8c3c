import FoundationEssentials
import ZoneInfo

/// When a piece of live content (date text, timers, timer progress) next looks
/// different, so the engine can redraw exactly then and sleep until then.
package enum LiveSchedule: Hashable, Sendable {
    /// At every whole minute (`.time`, `.offset` around a whole-minute date).
    case minutes(phase: Date)
    /// At every whole second counted from `phase` (`.timer`).
    case seconds(phase: Date)
    /// When relative text about `date` next reads differently (`.relative`): it shows the
    /// two largest units, so a month away it changes each hour, an hour away each minute,
    /// and only in the last hour each second.
    case relative(to: Date)
    /// At every `step` seconds counted from `start`, until `end` (timer progress
    /// that moves one pixel per step).
    case steps(start: Date, end: Date, step: TimeInterval)
    /// At local midnight in a time zone (`.date`).
    case days(ZoneRules)
    /// Once, at a given instant (a timer reaching its end).
    case once(Date)

    /// The first instant strictly after `time` at which the content changes, if any.
    package func nextChange(after time: Date) -> Date? {
        switch self {
        case let .minutes(phase):
            return Self.nextTick(after: time, phase: phase, period: 60)
        case let .seconds(phase):
            return Self.nextTick(after: time, phase: phase, period: 1)
        case let .relative(date):
            return Self.nextRelativeChange(after: time, to: date)
        case let .steps(start, end, step):
            guard step > 0, time < end else { return nil }
            if time < start { return start }
            return min(end, Self.nextTick(after: time, phase: start, period: step))
        case let .days(zone):
            return zone.startOfNextDay(time)
        case let .once(date):
            return date > time ? date : nil
        }
    }

    /// The first whole minute after `time` (of UTC, so of every zone whose offset is whole
    /// minutes): where a reading taken once a minute is phased, so that it changes with
    /// the clock and not some seconds before it, in a presentation of its own.
    package static func nextWholeMinute(after time: Date) -> Date {
        nextTick(after: time, phase: Date(timeIntervalSince1970: 0), period: 60)
    }

    /// The first whole second from `date` after `time` at which `DateText.relative` reads
    /// differently: the text counts whole seconds `n` of distance, in units of an hour
    /// from a day away, a minute from an hour away, else a second. Counting up, it changes
    /// when `n` reaches the next multiple of the unit; counting down, once `n` falls below
    /// the multiple it shows. The units switch only at multiples of the coarser one, so
    /// no change is skipped.
    private static func nextRelativeChange(after time: Date, to date: Date) -> Date {
        func unit(_ n: Double) -> Double { n >= 86_400 ? 3_600 : n >= 3_600 ? 60 : 1 }
        let distance = date.timeIntervalSince(time)
        let n = abs(distance).rounded(.down)
        let next = distance > 0
            ? date.addingTimeInterval(-((n / unit(n)).rounded(.down) * unit(n) - 1))
            : date.addingTimeInterval(((n / unit(n)).rounded(.down) + 1) * unit(n))
        return next > time ? next : nextTick(after: time, phase: date, period: 1)
    }

    /// The first tick strictly after `time`. Dates are floating point: at an exact tick
    /// `elapsed / period` can land a hair below the whole number, which would name `time`
    /// itself (and a loop waiting for it would never advance); step past it then.
    package static func nextTick(after time: Date, phase: Date, period: TimeInterval) -> Date {
        let elapsed = time.timeIntervalSince(phase)
        var next = phase.addingTimeInterval(((elapsed / period).rounded(.down) + 1) * period)
        while next <= time { next = next.addingTimeInterval(period) }
        return next
    }
}
