import DaemonInterface
import DaemonRuntime
import LockScreen
import Logging
import Panel
import Providers
import Synchronization
import TimelineEngine

/// The daemon's loop as a service. Graceful shutdown (SIGTERM, SIGINT) lets the step in
/// progress finish, saves the timelines and, when asked, marks an e-ink panel offline;
/// the group shuts down when the loop ends (after `--once`, or on a display error), and
/// the display is closed after the last frame.
///
/// The service makes the daemon and keeps it to its own task; the other services reach it
/// through the handles it exposes, each safe to use from any task.
final class DaemonService: Service, CustomStringConvertible {
    /// Taken by `run()`.
    private let parts: Mutex<(daemon: LockScreenDaemon, display: PanelDisplay)?>
    private let once: Bool
    private let offlineMark: Bool
    /// Called once graceful shutdown begins, before the loop is asked to stop.
    private let onShutdown: @Sendable () -> Void

    let engine: TimelineEngine
    let frames: FrameMailbox
    let screens: ScreenBoard
    let clock: any DaemonClock
    let heartbeat: Heartbeat
    let inbox: DaemonInbox
    let outbox: MQTTOutbox

    var description: String { "daemon" }

    init(
        _ options: DaemonOptions, display: sending PanelDisplay, logger: Logger, once: Bool, offlineMark: Bool,
        onFirstFrame: @escaping @Sendable () -> Void, onShutdown: @escaping @Sendable () -> Void
    ) {
        let daemon = LockScreenApplication.daemon(options, display: display, logger: logger)
        daemon.onFirstFrame = onFirstFrame
        (engine, frames, clock, heartbeat) = (daemon.engine, daemon.frames, daemon.clock, daemon.heartbeat)
        screens = daemon.screens
        inbox = daemon.inbox
        outbox = daemon.outbox
        parts = Mutex((daemon, display))
        self.once = once
        self.offlineMark = offlineMark
        self.onShutdown = onShutdown
    }

    func run() async throws {
        guard let (daemon, display) = parts.withLock({ $0.take() }) else { return }
        defer {
            display.close()
            // No command outlives the daemon: each group gets SIGTERM, then SIGKILL.
            ChildRegistry.shared.stopAll()
        }
        let inbox = self.inbox, onShutdown = self.onShutdown
        do {
            try await withGracefulShutdownHandler {
                try await daemon.run(once: once)
            } onGracefulShutdown: {
                onShutdown()
                inbox.send(.stop)
            }
            if offlineMark && !once { try daemon.presentOffline(at: daemon.clock.now()) }
        } catch let error as DisplayError {
            throw ValidationFailure(error.description)
        }
    }
}
