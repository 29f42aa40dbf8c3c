import SwiftUICore  // for LiveSchedule
import FoundationEssentials

/// Which widget of a Smart Stack shows: the most relevant, else the next at each
/// rotation time.
package enum StackRotation {
    /// Which widget of the stack to show: the one with the highest current relevance
    /// score (ties keep the one shown, so equal scores do not flap); with no relevance,
    /// the next one at the next rotation time, else the one shown.
    package static func choose(current: Int, lastSwitch: Date, scores: [Float?], rotation: TimeInterval?, now: Date) -> (index: Int, switched: Bool) {
        let valid = scores.compactMap { $0 }
        if let best = valid.max(), best > 0 {
            if scores[current] == best { return (current, false) }
            let index = scores.firstIndex { $0 == best } ?? current
            return (index, index != current)
        }
        if let rotation, scores.count > 1, now >= nextRotation(after: lastSwitch, every: rotation) {
            return ((current + 1) % scores.count, true)
        }
        return (current, false)
    }

    /// When a stack that last switched at `lastSwitch` rotates: at the first multiple of
    /// `rotation` since the epoch after it (each whole minute for a minute's rotation),
    /// so that it turns with the clock, in the same presentation, and not some seconds
    /// before it in one of its own.
    package static func nextRotation(after lastSwitch: Date, every rotation: TimeInterval) -> Date {
        LiveSchedule.nextTick(after: lastSwitch, phase: Date(timeIntervalSince1970: 0), period: rotation)
    }
}
