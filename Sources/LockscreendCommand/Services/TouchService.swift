import Config
import DaemonRuntime
import LockScreen
import Logging
import Panel
import PanelOptions  // for .point
import Synchronization

/// Taps on a touch screen as a service: a thread of its own sleeps in poll(2) on the
/// device (or, while none is there, on /dev/input's changes), turns each tap into a
/// point of the frame and sends it to the daemon. A device that goes away is waited for.
struct TouchService: Service, CustomStringConvertible {
    let config: InputConfig
    let frameSize: (width: Int, height: Int)
    let inbox: DaemonInbox
    let logger: Logger

    var description: String { "touch input" }

    func run() async {
        let (config, size, inbox, logger) = (self.config, self.frameSize, self.inbox, self.logger)
        let current = Mutex<(screen: TouchScreen?, hotplug: InputHotplug?, stopped: Bool)>((nil, nil, false))
        DetachedThread.start(named: "touch") {
            let hotplug = InputHotplug()
            if hotplug == nil { logger.notice("cannot watch /dev/input (is there one?): a touch screen plugged in later is not looked for") }
            current.withLock { $0.hotplug = hotplug }
            var announcedMissing = false
            while !current.withLock({ $0.stopped }) {
                let path: String? = switch config.touch {
                case .off: nil
                case .auto: TouchScreen.find().first
                case let .device(path): path
                }
                guard let path, let screen = try? TouchScreen(path: path) else {
                    if !announcedMissing { logger.notice("no touch screen yet (\(config.touch)): waiting for one to be plugged in") }
                    announcedMissing = true
                    guard hotplug?.wait() ?? false else { break }
                    continue
                }
                announcedMissing = false
                let stopped = current.withLock { state in
                    state.screen = screen
                    return state.stopped
                }
                if stopped { break }
                logger.info("touch screen \(path) (\(screen.name))\(screen.isMonotonic ? "" : "; its kernel stamps events by the wall clock, so a tap while the clock steps back is lost")")
                do {
                    while let tap = try screen.nextTap() {
                        guard let point = config.mapping.point(x: tap.x, y: tap.y, width: size.width, height: size.height) else { continue }
                        inbox.send(.tap(x: point.x, y: point.y))
                    }
                } catch {
                    logger.warning("touch screen: \(error); waiting for it to come back")
                }
                current.withLock { $0.screen = nil }
                screen.close()
            }
            // Taken out under the lock first, so a stop never signals a closed descriptor.
            current.withLock { $0.hotplug = nil }
            hotplug?.close()
        }
        try? await gracefulShutdown()
        current.withLock { state in
            state.stopped = true
            state.screen?.stop()
            state.hotplug?.stop()
        }
    }
}
