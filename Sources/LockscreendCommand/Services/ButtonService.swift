import SwiftUICore
import Config
import ControlProtocol
import DaemonInterface
import DaemonRuntime
import LockScreen
import Logging
import Panel
import Providers
import Synchronization
import ProviderOptions

/// The HAT's keys as a service: a thread of its own waits for the kernel's edge events
/// (never a poll), each debounced press becomes its action on the daemon, and graceful
/// shutdown wakes the thread and gives the lines back.
struct ButtonService: Service, CustomStringConvertible {
    let keys: GPIOKeys
    let config: ButtonsConfig
    let inbox: DaemonInbox
    /// Whether the screen is lit: a key on a dark screen only wakes it.
    let frames: FrameMailbox
    let logger: Logger

    var description: String { "keys on \(keys.chip)" }

    /// Requests the configured keys' lines; one clear line when they cannot be had.
    static func keys(_ config: ButtonsConfig) throws(DisplayError) -> GPIOKeys {
        try GPIOKeys(chip: config.gpiochip, pins: config.buttons.map(\.pin), debounce: config.debounce)
    }

    init(_ config: ButtonsConfig, keys: GPIOKeys, inbox: DaemonInbox, frames: FrameMailbox, logger: Logger) {
        self.keys = keys
        self.config = config
        self.inbox = inbox
        self.frames = frames
        self.logger = logger
    }

    func run() async {
        let (keys, dispatch, logger) = (self.keys, self.dispatch, self.logger)
        let byPin = Dictionary(config.buttons.map { ($0.pin, $0) }, uniquingKeysWith: { first, _ in first })
        let window = config.debounce
        DetachedThread.start(named: "keys") {
            var debouncer = KeyDebouncer(seconds: window)
            do {
                while let press = try keys.next() {
                    guard debouncer.accept(pin: press.pin, at: press.nanoseconds), let button = byPin[press.pin] else { continue }
                    dispatch(button)
                }
            } catch {
                logger.error("the keys stopped: \(error)")
            }
            keys.close()
        }
        try? await gracefulShutdown()
        keys.stop()
    }

    /// What a press does; a command runs at most once at a time per key.
    private var dispatch: @Sendable (ButtonsConfig.Button) -> Void {
        let (inbox, logger, frames) = (self.inbox, self.logger, self.frames)
        let running = Running()
        return { button in
            logger.info("key '\(button.name)' pressed")
            // As a phone's first touch, a key on a dark screen lights it and does no more.
            guard frames.screen.on else { inbox.send(.wake); return }
            switch button.action {
            case .reload: inbox.send(.reload(kind: nil))
            case .refresh: inbox.send(.fullRefresh)
            case let .next(widget): inbox.send(.nextInStack(widget: widget))
            case let .focus(move): inbox.send(.focus(move))
            case .page:
                guard inbox.pages.count > 1 else { return logger.warning("key '\(button.name)': this display has one page; add [layout] home or photo") }
                inbox.send(.showPage(nil))
            case let .command(arguments):
                guard running.names.withLock({ $0.insert(button.name).inserted }) else { return }
                var runner = CommandRunner(arguments: arguments)
                runner.timeout = 30
                runner.environment["LOCKSCREEND_BUTTON"] = button.name
                Task(executorPreference: DaemonExecutor.preferred) {
                    defer { _ = running.names.withLock { $0.remove(button.name) } }
                    do {
                        _ = try await runner.run()
                    } catch {
                        logger.warning("key '\(button.name)': \(arguments[0]) \(error)")
                    }
                }
            }
        }
    }
}

/// The keys whose command is running.
private final class Running: Sendable {
    let names = Mutex<Set<String>>([])
}
