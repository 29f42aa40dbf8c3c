import DaemonRuntime
import FoundationEssentials
import Synchronization

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

/// Asks a running daemon to show a page (nil: the next one) and wakes its loop.
package struct PageHandle: Sendable {
    let box: PageBox
    let wake: WakeSignal
    /// The pages the display had when the handle was made.
    package let pages: [LockScreenContent.Page]

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

/// Asks a running daemon, from any thread (a key on the HAT), to turn a stack or to
/// refresh the whole panel, and wakes its loop.
package struct ActionHandle: Sendable {
    /// What can be asked.
    package enum Action: Sendable, Equatable {
        /// The next widget of the stack holding the widget named so.
        case nextInStack(widget: String)
        /// The whole frame again with a full refresh.
        case fullRefresh
    }

    let box: ActionBox
    let wake: WakeSignal

    package func request(_ action: Action) {
        box.put(action)
        Task(executorPreference: DaemonExecutor.preferred) { await wake.signal() }
    }
}

/// The actions waiting for the next step, in order.
final class ActionBox: Sendable {
    private let value = Mutex<[ActionHandle.Action]>([])

    func put(_ action: ActionHandle.Action) { value.withLock { if $0.count < 64 { $0.append(action) } } }
    func take() -> [ActionHandle.Action] { value.withLock { v in defer { v = [] }; return v } }
}
