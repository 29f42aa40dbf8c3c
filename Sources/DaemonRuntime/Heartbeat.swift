import FoundationEssentials
import Synchronization

/// When the daemon's current step began, for the watchdog: a loop stuck inside a step
/// (a hung display, a deadlock) must stop saying it is alive.
package final class Heartbeat: Sendable {
    private let started = Atomic<Double>(0)
    private let up = Atomic(false)

    package init() {}

    package func enter(_ monotonic: TimeInterval) { started.store(monotonic, ordering: .releasing) }
    package func leave() { started.store(0, ordering: .releasing) }
    /// The first frame is up: from now on the daemon can be alive.
    package func markUp() { up.store(true, ordering: .releasing) }

    /// True once the daemon is up, unless a step began more than `limit` seconds before
    /// `monotonic` and is still running.
    package func isAlive(at monotonic: TimeInterval, limit: TimeInterval) -> Bool {
        guard up.load(ordering: .acquiring) else { return false }
        let since = started.load(ordering: .acquiring)
        return since == 0 || monotonic - since < limit
    }
}
