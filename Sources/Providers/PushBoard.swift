import FoundationEssentials
import Synchronization
import Accessory  // for .never

/// The timelines pushed to `push` widgets (`lockscreenctl push NAME FILE`), by widget
/// name; each push widget's provider hands over what was last pushed to it. Kept across
/// configuration reloads, so pushed entries survive a SIGHUP.
package final class PushBoard: Sendable {
    private struct State {
        var names: Set<String>
        var timelines: [String: TimelineJSON] = [:]
    }

    private let state: Mutex<State>

    package init(names: Set<String>) {
        state = Mutex(State(names: names))
    }

    /// The widget kind of the push widget `name`: what a push asks the engine to reload.
    /// The one place the name is made, for the configuration and the control socket alike.
    package static func kind(of name: String) -> String { "push.\(name)" }

    /// The push widgets' names.
    package var names: Set<String> { state.withLock { $0.names } }

    /// Sets the push widgets' names (a reloaded configuration); timelines of names that
    /// remain are kept.
    package func setNames(_ names: Set<String>) {
        state.withLock { state in
            state.names = names
            state.timelines = state.timelines.filter { names.contains($0.key) }
        }
    }

    /// Replaces `name`'s timeline; false when no push widget has that name.
    package func push(_ timeline: TimelineJSON, to name: String) -> Bool {
        state.withLock { state in
            guard state.names.contains(name) else { return false }
            state.timelines[name] = timeline
            return true
        }
    }

    /// What was last pushed to `name`; an empty timeline (keep what is shown) when nothing was.
    package func timeline(for name: String) -> TimelineJSON {
        state.withLock { $0.timelines[name] } ?? TimelineJSON(entries: [], policy: .never)
    }
}
