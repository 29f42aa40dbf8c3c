import Config
import FoundationEssentials
import Providers
import Synchronization
import TimelineEngine

/// Queues a new configuration for a running daemon and wakes its loop.
package struct ReconfigureHandle: Sendable {
    let box: ReconfigurationBox
    let wake: WakeSignal

    package func request(_ reconfiguration: LockScreenDaemon.Reconfiguration) {
        box.put(reconfiguration)
        Task(executorPreference: DaemonExecutor.preferred) { await wake.signal() }
    }
}

/// The latest configuration waiting to be applied (a newer one replaces it).
final class ReconfigurationBox: Sendable {
    private let value = Mutex<LockScreenDaemon.Reconfiguration?>(nil)

    func put(_ new: LockScreenDaemon.Reconfiguration) { value.withLock { $0 = new } }
    func take() -> LockScreenDaemon.Reconfiguration? { value.withLock { v in defer { v = nil }; return v } }
}

/// Asks a running daemon to show a page (nil: the other one) and wakes its loop.
package struct PageHandle: Sendable {
    let box: PageBox
    let wake: WakeSignal

    package func request(_ page: LockScreenContent.Page?) {
        box.put(page)
        Task(executorPreference: DaemonExecutor.preferred) { await wake.signal() }
    }
}

/// The page switch waiting to be applied: the page, or nil for "the other one".
final class PageBox: Sendable {
    private let value = Mutex<LockScreenContent.Page??>(nil)

    func put(_ page: LockScreenContent.Page?) { value.withLock { $0 = .some(page) } }
    func take() -> LockScreenContent.Page?? { value.withLock { v in defer { v = nil }; return v } }
}
