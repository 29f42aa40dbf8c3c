import ControlProtocol
import DaemonInterface  // for .setScreen
import FoundationEssentials
import LockScreenModel
import Logging
import Panel  // for .setPower
import ZoneInfo

extension LockScreenDaemon {
    /// Puts the screen to sleep or wakes it as `power` says at `now`, and publishes why.
    /// Waking sends the next frame whole (with a full refresh on e-ink), so nothing the
    /// panel lost while dark stays missing. A device that cannot sleep (a driver without
    /// blanking) is logged, and the daemon still draws nothing until the screen is due on.
    /// Returns the reading.
    func applyPower(at now: Date) -> ScreenPower.Reading {
        let zone = renderer.timeZone
        if let last = powerReading, last.at <= now, last.reading.until.map({ now < $0 }) ?? true, last.zone == zone {
            return last.reading
        }
        let reading = power.reading(at: now, zone: zone)
        powerReading = (now, zone, reading)
        if reading.on != screenLit {
            do {
                try compositor.display.setPower(reading.on, at: now)
            } catch {
                logger.warning("cannot \(reading.on ? "wake" : "darken") the screen: \(error)")
            }
            screenLit = reading.on
            if reading.on {
                compositor.refreshWholePanel()
                nextDueUpdate = nil
            }
            let until = reading.until.map { " until \(ISO8601.format($0))" } ?? ""
            logger.notice("screen \(reading.on ? "on" : "off") (\(reading.cause.rawValue))\(until)")
        }
        frames.setScreen(ScreenStatus(on: reading.on, cause: reading.cause.rawValue, until: reading.until.map(ISO8601.format)))
        return reading
    }

    /// Whether `request` is taken as a wake-up while the screen is dark, instead of being
    /// done: a tap, a key, a focus move, as a phone's first touch only lights it. A full
    /// refresh asked of a dark screen is dropped (waking refreshes whole anyway).
    func wakes(for request: DaemonInbox.Request, now: Date) -> Bool {
        guard !screenLit else { return false }
        switch request {
        case .tap, .focus, .wake:
            power.wake(at: now)
            return true
        case .fullRefresh:
            return true
        default:
            return false
        }
    }
}
