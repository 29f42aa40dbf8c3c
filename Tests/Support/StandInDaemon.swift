import ControlProtocol
import DaemonInterface
import DaemonRuntime
import Synchronization

/// A stand-in for the daemon as front ends reach it: it keeps every request and reload
/// it is asked, in order, and answers each with `reply` (ok unless told). Front ends are
/// tested against it for what they ask; against the real daemon for what it does.
package final class StandInDaemon: DaemonControl {
    package let clock: any DaemonClock
    package let frames = FrameMailbox()
    package let pages: [String]
    private let state = Mutex<(requests: [ControlRequest], reloads: [String], screen: PresentedScreen?)>(([], [], nil))
    private let reply: @Sendable (ControlRequest) -> ControlReply

    package init(clock: any DaemonClock, pages: [String] = ["lock"], reply: @escaping @Sendable (ControlRequest) -> ControlReply = { _ in .success }) {
        self.clock = clock
        self.pages = pages
        self.reply = reply
    }

    /// The requests handled so far, first first.
    package var requests: [ControlRequest] { state.withLock { $0.requests } }
    /// The kinds whose reloads were asked, first first.
    package var reloads: [String] { state.withLock { $0.reloads } }

    package var screen: PresentedScreen? {
        get { state.withLock { $0.screen } }
        set { state.withLock { $0.screen = newValue } }
    }

    package func handle(_ request: ControlRequest) async -> ControlReply {
        state.withLock { $0.requests.append(request) }
        return reply(request)
    }

    package func requestReload(kind: String) -> Bool {
        state.withLock { $0.reloads.append(kind) }
        return true
    }
}
