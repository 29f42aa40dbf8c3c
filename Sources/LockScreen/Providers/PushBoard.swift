import Foundation

/// The timelines pushed to `push` widgets (`lockscreenctl push NAME FILE`), by widget
/// name; each push widget's provider hands over what was last pushed to it.
package actor PushBoard {
    private var timelines: [String: TimelineJSON] = [:]
    package let names: Set<String>

    package init(names: Set<String>) {
        self.names = names
    }

    /// Replaces `name`'s timeline; false when no push widget has that name.
    package func push(_ timeline: TimelineJSON, to name: String) -> Bool {
        guard names.contains(name) else { return false }
        timelines[name] = timeline
        return true
    }

    /// What was last pushed to `name`; an empty timeline (keep what is shown) when nothing was.
    package func timeline(for name: String) -> TimelineJSON {
        timelines[name] ?? TimelineJSON(entries: [], policy: .never)
    }
}
