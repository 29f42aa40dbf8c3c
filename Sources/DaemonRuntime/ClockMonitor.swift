import FoundationEssentials
import ZoneInfo

/// Notices what moves the wall clock under the daemon: a jump (NTP setting it, a manual
/// change, a resume from suspend) seen against the monotonic clock, and a change of the
/// machine's time zone when the zone follows the machine's.
package struct ClockMonitor {
    /// What changed since the last look.
    package struct Changes {
        /// Seconds the wall clock moved beyond the monotonic clock; nil when it did not jump.
        package var jump: TimeInterval?
        /// The machine's new zone; nil when it did not change.
        package var zone: ZoneRules?
    }

    /// A wall-clock step larger than this against the monotonic clock is a jump.
    package let jumpThreshold: TimeInterval
    /// Where the machine's time zone is read at every look; nil when the zone was chosen
    /// and stays.
    package var systemTimeZone: SystemTimeZone?
    private var lastReading: (wall: Date, monotonic: TimeInterval)?

    package init(jumpThreshold: TimeInterval, systemTimeZone: SystemTimeZone?) {
        self.jumpThreshold = jumpThreshold
        self.systemTimeZone = systemTimeZone
    }

    /// Compares the clocks with the last look; `zone` is the zone drawn now.
    package mutating func look(wall: Date, monotonic: TimeInterval, zone: ZoneRules) -> Changes {
        var changes = Changes()
        if let last = lastReading {
            let delta = wall.timeIntervalSince(last.wall) - (monotonic - last.monotonic)
            if abs(delta) > jumpThreshold { changes.jump = delta }
        }
        if let current = systemTimeZone?.current(), current != zone { changes.zone = current }
        lastReading = (wall, monotonic)
        return changes
    }

    /// Whether this is the first look (nothing to compare with yet).
    package var isFirstLook: Bool { lastReading == nil }
}
