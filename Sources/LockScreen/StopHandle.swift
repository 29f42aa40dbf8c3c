import DaemonRuntime
import FoundationEssentials
import Synchronization

/// Stops a running `LockScreenDaemon` from any thread: sets its flag and wakes its loop.
package struct StopHandle: Sendable {
    let flag: StopFlag
    let wake: WakeSignal

    package func stop() {
        flag.set()
        Task(executorPreference: DaemonExecutor.preferred) { await wake.signal() }
    }
}

/// A flag set once, read by the daemon loop.
final class StopFlag: Sendable {
    private let value = Atomic(false)

    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
