import Foundation
import Synchronization

/// Stops a running `LockScreenDaemon` from any thread: sets its flag and wakes its loop.
package struct StopHandle: Sendable {
    let flag: StopFlag
    let wake: WakeSignal

    package func stop() {
        flag.set()
        Task { await wake.signal() }
    }
}

/// A flag set once, read by the daemon loop.
final class StopFlag: Sendable {
    private let value = Atomic(false)

    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}

/// Queues a new configuration for a running daemon and wakes its loop.
package struct ReconfigureHandle: Sendable {
    let box: ReconfigurationBox
    let wake: WakeSignal

    package func request(_ reconfiguration: LockScreenDaemon.Reconfiguration) {
        box.put(reconfiguration)
        Task { await wake.signal() }
    }
}

/// The latest configuration waiting to be applied (a newer one replaces it).
final class ReconfigurationBox: Sendable {
    private let value = Mutex<LockScreenDaemon.Reconfiguration?>(nil)

    func put(_ new: LockScreenDaemon.Reconfiguration) { value.withLock { $0 = new } }
    func take() -> LockScreenDaemon.Reconfiguration? { value.withLock { v in defer { v = nil }; return v } }
}

/// When the daemon's current step began, for the watchdog: a loop stuck inside a step
/// (a hung display, a deadlock) must stop saying it is alive.
package final class Heartbeat: Sendable {
    private let started = Atomic<Double>(0)
    private let up = Atomic(false)

    package init() {}

    func enter(_ monotonic: TimeInterval) { started.store(monotonic, ordering: .releasing) }
    func leave() { started.store(0, ordering: .releasing) }
    /// The first frame is up: from now on the daemon can be alive.
    func markUp() { up.store(true, ordering: .releasing) }

    /// True once the daemon is up, unless a step began more than `limit` seconds before
    /// `monotonic` and is still running.
    package func isAlive(at monotonic: TimeInterval, limit: TimeInterval) -> Bool {
        guard up.load(ordering: .acquiring) else { return false }
        let since = started.load(ordering: .acquiring)
        return since == 0 || monotonic - since < limit
    }
}
