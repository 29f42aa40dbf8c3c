import ActivityKitCore
import Accessory
import DaemonRuntime
import LockScreenModel
import Synchronization

/// What the rest of the process asks of a running daemon (SIGHUP's new configuration, a
/// reload, a page, a stack's turn, a full refresh, a tap, the screen's power, a stop), from
/// any thread, whoever asks: the socket, the broker, the web, the keys, the touch screen,
/// and widget code through `WidgetCenter`, which `run()` forwards here. `send` queues the
/// request and wakes the daemon's loop, which drains the inbox in one place before its
/// next step, so the daemon's state is only ever touched by its own task.
package struct DaemonInbox: Sendable {
    /// One thing asked of the daemon.
    package enum Request: Sendable {
        /// A new configuration; a newer one replaces one not yet applied.
        case reconfigure(LockScreenDaemon.Reconfiguration)
        /// Ask the widgets of a kind (every widget: nil) for new timelines now, free of
        /// their budgets: the socket's, the broker's, the web's and the keys' reloads.
        case reload(kind: String?)
        /// Show this page; nil for the next one.
        case showPage(LockScreenPage?)
        /// The next widget of the stack holding the widget named so.
        case nextInStack(widget: String)
        /// The whole frame again with a full refresh.
        case fullRefresh
        /// A tap at a point of the panel, in pixels of the frame: the control there is
        /// performed (a touch screen, the web page's picture).
        case tap(x: Double, y: Double)
        /// Keys moving the focus among the page's controls, or performing the focused one.
        case focus(FocusMove)
        /// Switch the screen on or off until the schedule next changes, or back to it.
        case screen(ScreenPower.Switch)
        /// Someone is at the screen (a key): a dark screen lights for a while.
        case wake
        /// A Live Activity started, updated, ended or dismissed (a push, `Activity` in widget
        /// code); not `urgent` (APNs priority 5), it may wait for the next due update. The
        /// daemon gives `answer` nil when it took the operation, else why not.
        case activity(ActivityOperation, urgent: Bool, answer: Answer<ActivityRefusal?>? = nil)
        /// An address widget code opened (`openURL`): its `[urls]` action runs.
        case openURL(String)
        /// An intent a tap started has returned (or failed, or ran out of time).
        case performed(control: String, kind: String?, failed: Bool)
        /// Finish the step in progress, then return from `run()`.
        case stop
    }

    /// Requests past this many waiting are refused (a stop and a configuration always
    /// get in): a flood of key presses or broker messages must not grow without end.
    static let capacity = 64

    let queue: Queue
    let wake: WakeSignal

    /// An inbox no daemon drains, holding at most `capacity` requests: for a front end
    /// driven without a daemon (the fuzzer's web API). An activity sent to it is answered
    /// at once: no daemon takes it.
    package init(pages: [LockScreenPage]) {
        self.init(queue: Queue(pages: pages, drained: false), wake: WakeSignal())
    }

    init(queue: Queue, wake: WakeSignal) {
        self.queue = queue
        self.wake = wake
    }

    /// Queues `request` and wakes the loop; false, with nothing queued, when the inbox is
    /// full or the daemon stopping (an activity's answer is given then).
    @discardableResult
    package func send(_ request: Request) -> Bool {
        guard queue.put(request) else { return false }
        Task(executorPreference: DaemonExecutor.preferred) { await wake.signal() }
        return true
    }

    /// Queues an activity operation and waits for what the daemon made of it: nil when
    /// it took it, else why not (a full inbox is said at once, never dropped silently).
    package func apply(_ operation: ActivityOperation, urgent: Bool) async -> ActivityRefusal? {
        let answer = Answer<ActivityRefusal?>()
        send(.activity(operation, urgent: urgent, answer: answer))
        return await answer.value
    }

    /// The pages the daemon shows now (its configuration may change them): a page
    /// request outside them, or with one page only, is refused by whoever asks.
    package var pages: [LockScreenPage] { queue.pages }

    /// Sends widget code's `WidgetCenter.shared.reloadTimelines(ofKind:)` and
    /// `reloadAllTimelines()` that reach `center` (the daemon's host's) on as reload
    /// requests, until the task is cancelled, so a reload from a widget joins the same
    /// queue as one from the socket, the broker or a key.
    package func forwardWidgetCenter(from center: WidgetCenter) async {
        for await request in center.requests() {
            switch request {
            case let .kind(kind): send(.reload(kind: kind))
            case .all: send(.reload(kind: nil))
            }
        }
    }

    /// Sends the addresses widget code opens (`openURL`) through `app` (the daemon's
    /// host's) on, until the task is cancelled: each runs its `[urls]` action.
    package func forwardOpenedURLs(from app: AppServices) async {
        for await url in app.openedURLs() { send(.openURL(url)) }
    }

    /// Sends widget code's `Activity.request`, `update` and `end` that reach `center` on
    /// as activity requests, until the task is cancelled.
    package func forwardActivities(from center: ActivityCenter) async {
        for await operation in center.operations() { send(.activity(operation, urgent: true)) }
    }

    /// The waiting requests and the pages shown, behind one lock.
    final class Queue: Sendable {
        private struct State {
            var requests: [Request] = []
            var stopped = false
            var pages: [LockScreenPage]
        }

        private let state: Mutex<State>
        /// Whether a daemon takes the requests.
        private let drained: Bool

        init(pages: [LockScreenPage], drained: Bool = true) {
            state = Mutex(State(pages: pages))
            self.drained = drained
        }

        /// Queues `request`; false when it is refused: the inbox is full, the daemon is
        /// stopping, or none drains it. A refused activity is answered with why; a stop
        /// answers the activities still waiting, which no step will take.
        func put(_ request: Request) -> Bool {
            let (taken, unanswered): (Bool, [Request]) = state.withLock { state in
                switch request {
                case .stop:
                    state.stopped = true
                    defer { state.requests.removeAll { $0.answer != nil } }
                    return (true, state.requests.filter { $0.answer != nil })
                case _ where state.stopped || !drained:
                    return (false, [request])
                case .reconfigure:
                    state.requests.removeAll { if case .reconfigure = $0 { true } else { false } }
                    state.requests.append(request)
                case .performed:
                    // Always taken: it ends a running intent's bookkeeping.
                    state.requests.append(request)
                default:
                    guard state.requests.count < DaemonInbox.capacity else { return (false, [request]) }
                    state.requests.append(request)
                }
                return (true, [])
            }
            for request in unanswered { request.answer?.give(refusal) }
            return taken
        }

        /// Why a request is not taken now.
        private var refusal: ActivityRefusal {
            guard drained else { return ActivityRefusal(status: 503, reason: "ServiceUnavailable", "no daemon takes Live Activities here") }
            if isStopped { return ActivityRefusal(status: 503, reason: "Shutdown", "the daemon is stopping: send it again once it is back") }
            return ActivityRefusal(status: 503, reason: "ServiceUnavailable", "the daemon has \(DaemonInbox.capacity) requests waiting: send it again in a second")
        }

        /// The requests waiting, oldest first, leaving none.
        func take() -> [Request] { state.withLock { state in defer { state.requests = [] }; return state.requests } }

        var isStopped: Bool { state.withLock { $0.stopped } }

        /// How many requests wait.
        var count: Int { state.withLock { $0.requests.count } }

        var pages: [LockScreenPage] {
            get { state.withLock { $0.pages } }
            set { state.withLock { $0.pages = newValue } }
        }
    }
}

extension DaemonInbox.Request {
    /// Where an activity's sender waits for what became of it.
    var answer: Answer<ActivityRefusal?>? {
        if case let .activity(_, _, answer) = self { answer } else { nil }
    }
}
