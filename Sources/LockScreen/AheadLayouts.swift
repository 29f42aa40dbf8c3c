import Canvas
import FoundationEssentials
import LockScreenModel
import SwiftUICore

/// The slots laid out ahead for the step at one instant (`LockScreenDaemon.layOutAhead`),
/// each with what it was laid out from. The step at that instant draws a kept layout
/// instead of laying its slot out again when the slot shows the same (its redraw key: the
/// entry, its staleness, its controls' state) in the same rectangle. Whatever else a
/// layout depends on (the configuration, the page, the renderer's face, zone and
/// controls) empties it when it changes: the daemon's `content` and `renderer` do so.
struct AheadLayouts {
    private struct Kept {
        var key: String
        var rect: Rect
        var placed: PlacedView
    }

    /// The instant the layouts are for.
    private(set) var time: Date?
    private var kept: [SlotID: Kept] = [:]
    /// Layouts drawn since start without laying their slot out again, for tests and the
    /// benchmark.
    private(set) var taken = 0

    /// Forgets what was kept; layouts for `time` follow.
    mutating func start(at time: Date) {
        self.time = time
        kept.removeAll(keepingCapacity: true)
    }

    /// Keeps `placed`, `slot` laid out to show `key` at the instant started.
    mutating func keep(_ placed: PlacedView, for slot: PageSlot, key: String) {
        guard time != nil else { return }
        kept[slot.id] = Kept(key: key, rect: slot.rect, placed: placed)
    }

    /// The layout kept for `slot` showing `key` at `now`, given once; nil when none was
    /// laid out for that.
    mutating func take(_ slot: PageSlot, key: String, now: Date) -> PlacedView? {
        guard time == now, let found = kept.removeValue(forKey: slot.id), found.key == key, found.rect == slot.rect else { return nil }
        taken += 1
        return found.placed
    }

    /// Forgets every layout kept.
    mutating func clear() {
        time = nil
        kept.removeAll()
    }
}
