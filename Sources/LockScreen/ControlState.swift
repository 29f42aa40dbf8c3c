import AppIntentsCore  // for .id
import SwiftUICore
import FoundationEssentials

/// The daemon's bookkeeping of interactive widgets: the toggles a tap has turned that
/// the widget has not yet confirmed (iOS shows the new state at once), the intents still
/// running, and the control keys have moved the focus to.
struct ControlState {
    struct Pending {
        /// The stack whose widget holds the control.
        var stack: Int
        /// The widget's redraw key when tapped: a new entry changes it.
        var key: String
        /// The state shown for a toggle; nil for a button.
        var isOn: Bool?
        /// Once the intent has run: when the shown state gives way to the widget's own
        /// even if no new entry came.
        var expires: Date?
    }

    /// At most this many intents run at once; a tap beyond is refused and logged.
    static let maxRunning = 4
    /// How long an intent may run before the daemon stops waiting and reloads anyway.
    static let performTimeout: TimeInterval = 30
    /// How long a toggled state is shown after the intent returns without a new entry.
    static let confirmationWait: TimeInterval = 10

    private(set) var pending: [String: Pending] = [:]
    private(set) var running: Set<String> = []
    /// The focused control's id and its stack.
    var focused: (id: String, stack: Int)?

    /// The toggles' states to draw, by control id.
    var states: [String: Bool] { pending.compactMapValues(\.isOn) }

    /// Records a tap on `control`; false when its intent is still running or too many are.
    mutating func press(_ control: PlacedControl, stack: Int, key: String) -> Bool {
        let id = control.action.id
        guard !running.contains(id), running.count < Self.maxRunning else { return false }
        running.insert(id)
        pending[id] = Pending(stack: stack, key: key, isOn: control.isOn.map { !$0 })
        return true
    }

    /// The intent of `id` has returned (or failed, or run out of time): a failure shows
    /// the widget's own state again at once; a success keeps the tapped state until the
    /// widget's next entry, or `confirmationWait`.
    mutating func performed(_ id: String, failed: Bool, now: Date) {
        running.remove(id)
        if failed { pending[id] = nil } else { pending[id]?.expires = now.addingTimeInterval(Self.confirmationWait) }
    }

    /// Drops the tapped states that a new entry of their widget (a changed key) or the
    /// time has settled.
    mutating func settle(keys: [String], now: Date) {
        pending = pending.filter { id, p in
            if running.contains(id) { return true }
            if let expires = p.expires, expires <= now { return false }
            return p.stack >= 0 && p.stack < keys.count && keys[p.stack] == p.key
        }
    }

    /// When a tapped state next gives way on its own.
    var nextExpiry: Date? { pending.values.compactMap(\.expires).min() }

    /// What of this state a stack's picture depends on: part of its redraw key.
    func key(stack: Int) -> String {
        // Nothing pending and no focus, as at nearly every step: nothing to add.
        if pending.isEmpty && focused == nil { return "" }
        var parts = pending.filter { $0.value.stack == stack }.map { "\($0.key)=\($0.value.isOn.map(String.init) ?? "-")" }.sorted()
        if let focused, focused.stack == stack { parts.append("focus:" + focused.id) }
        return parts.joined(separator: ";")
    }
}
