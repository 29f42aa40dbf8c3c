import SwiftUICore
import FoundationEssentials
import LockScreenModel
import TimelineEngine

/// Decides which slots of the lock screen are due for a redraw and when the next one is:
/// what each slot last drew (its key) and when that next changes by itself, which widget
/// each stack shows and when it rotates.
///
/// A slot is redrawn when its key changes (another entry, another widget of a stack,
/// staleness) or its own live content is due (a minute for the clock, the next visible
/// change of relative text); between those, nothing is drawn and nothing is sent.
struct SlotScheduler {
    struct Slot {
        var key: String
        var nextChange: Date?
    }

    struct Stack {
        var current = 0
        var lastSwitch: Date
        var rotation: TimeInterval?
        /// The engine indices of the stack's widgets.
        var widgets: [Int]
    }

    private(set) var stacks: [Stack]
    private var slots: [SlotID: Slot] = [:]
    /// Live seconds (`.timer`) redraw once a minute instead of every second: for e-ink
    /// panels, where each redraw costs a flash of ink.
    var coarseLiveSeconds: Bool
    /// Redraws of each slot since start, for tests and the benchmark.
    private(set) var redraws: [SlotID: Int] = [:]

    init(_ content: LockScreenDaemon.Content, now: Date, coarseLiveSeconds: Bool) {
        self.coarseLiveSeconds = coarseLiveSeconds
        stacks = Self.stacks(of: content, now: now)
    }

    /// The stacks of `content`, each showing its first widget from `now`; the engine
    /// numbers the stacks' widgets in order.
    private static func stacks(of content: LockScreenDaemon.Content, now: Date) -> [Stack] {
        var next = 0
        return content.stacks.map { stack in
            defer { next += stack.widgets.count }
            return Stack(lastSwitch: now, rotation: stack.rotation, widgets: Array(next..<(next + stack.widgets.count)))
        }
    }

    /// Takes a reloaded configuration: every stack starts on its first widget and every
    /// slot is due.
    mutating func reset(to content: LockScreenDaemon.Content, now: Date) {
        stacks = Self.stacks(of: content, now: now)
        slots.removeAll()
    }

    /// Makes every slot due (after a clock jump, a time-zone change).
    mutating func invalidate() { slots.removeAll() }

    /// The wall clock jumped by `delta`: rotation times move with it.
    mutating func clockJumped(by delta: TimeInterval) {
        for i in stacks.indices { stacks[i].lastSwitch = stacks[i].lastSwitch.addingTimeInterval(delta) }
        slots.removeAll()
    }

    /// For each stack, the widget shown at `now` by relevance and rotation, with the key
    /// of what it shows.
    mutating func choose(_ reading: TimelineEngine.Reading, now: Date) -> [(shown: TimelineEngine.Shown, key: String)] {
        stacks.indices.map { s in
            let choice = StackRotation.choose(
                current: stacks[s].current, lastSwitch: stacks[s].lastSwitch, scores: stacks[s].widgets.map { reading.relevance[$0] },
                rotation: stacks[s].rotation, now: now)
            if choice.switched {
                stacks[s].current = choice.index
                stacks[s].lastSwitch = now
            }
            let shown = reading.shown[stacks[s].widgets[stacks[s].current]]
            return (shown, "\(stacks[s].current):\(shown.key)")
        }
    }

    /// Shows the next widget of stack `s` from `now` (a key was pressed); its rotation
    /// starts again from here.
    mutating func turn(stack s: Int, now: Date) {
        guard stacks.indices.contains(s), !stacks[s].widgets.isEmpty else { return }
        stacks[s].current = (stacks[s].current + 1) % stacks[s].widgets.count
        stacks[s].lastSwitch = now
    }

    /// Whether `slot` needs drawing at `now` to show `key`.
    func isDue(_ slot: SlotID, key: String, now: Date) -> Bool {
        guard let old = slots[slot] else { return true }
        return old.key != key || (old.nextChange.map { $0 <= now } ?? false)
    }

    /// Records that `slot` was drawn showing `key`, and when it next changes by itself.
    mutating func drew(_ slot: SlotID, key: String, nextChange: Date?, now: Date) {
        slots[slot] = Slot(key: key, nextChange: coarsened(nextChange, now: now))
        redraws[slot, default: 0] += 1
    }

    /// The next instant at which a slot's own content changes or a stack rotates: what
    /// the panel must show on time.
    func nextChange(after now: Date) -> Date? {
        let rotations = stacks.compactMap { stack in
            stack.rotation.flatMap { stack.widgets.count > 1 ? StackRotation.nextRotation(after: stack.lastSwitch, every: $0) : nil }
        }
        return (slots.values.compactMap(\.nextChange) + rotations.filter { $0 > now }).min()
    }

    /// The engine index of the widget stack `stack` shows now.
    func shownIndex(stack: Int) -> Int { stacks[stack].widgets[stacks[stack].current] }

    /// On e-ink, live seconds wait for the next whole minute.
    private func coarsened(_ next: Date?, now: Date) -> Date? {
        guard coarseLiveSeconds, let next, next.timeIntervalSince(now) < 60 else { return next }
        return max(next, LiveSchedule.nextWholeMinute(after: now))
    }
}
