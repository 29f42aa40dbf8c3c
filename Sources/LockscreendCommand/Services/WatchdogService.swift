import DaemonRuntime
import FoundationEssentials

/// systemd's watchdog as a service: pings `WATCHDOG=1` every half interval while the
/// daemon's steps make progress, so a step stuck on a hung display stops the pings and
/// systemd restarts the daemon. Waits on the daemon's clock.
struct WatchdogService: Service, CustomStringConvertible {
    let notifier: SystemdNotifier
    let heartbeat: Heartbeat
    let clock: any DaemonClock
    /// How often to ping: half of systemd's `WatchdogSec`.
    let interval: Double

    var description: String { "systemd watchdog" }

    func run() async {
        let (notifier, heartbeat, clock, interval) = (self.notifier, self.heartbeat, self.clock, self.interval)
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                if heartbeat.isAlive(at: clock.monotonic(), limit: interval) { notifier.notify("WATCHDOG=1") }
                do { try await clock.sleep(until: clock.now().addingTimeInterval(interval)) } catch { return }
            }
        }
    }
}
