import CSystemShims
import FoundationEssentials
import Glibc
import Synchronization

/// Wakes sleepers at wall-clock instants from one kernel timer: a `timerfd` on
/// `CLOCK_REALTIME`, armed absolute with `TFD_TIMER_CANCEL_ON_SET`, watched by a thread of
/// its own, or, in the daemon, by `DaemonExecutor`'s thread, which then runs what the
/// alarm wakes without waking a second thread.
///
/// Why not `Task.sleep`: on Linux, once a process has slept that way, the Swift runtime's
/// dispatch timer re-arms itself every second for as long as the process lives (seen with
/// Swift 6.3.1 and strace), so an idle daemon would wake once a second for nothing. The kernel timer wakes
/// the process only at the deadline, or at once when the wall clock is set (NTP's first
/// sync on a Raspberry Pi without an RTC, `date -s`, `timedatectl set-time`), so a jump is
/// noticed when it happens instead of at the next scheduled event.
package final class WallClockAlarm: Sendable {
    /// The alarm every `SystemClock` sleeps on; its thread starts with the first sleep.
    package static let shared = WallClockAlarm()

    private let sleepers = SleeperTable()
    /// Whether the watching thread runs; it starts with the first sleep.
    private let started = Atomic(false)
    private let timer: Int32
    /// Held while the earliest deadline is read and the timer set, so two threads arming
    /// at once cannot leave a later deadline armed over an earlier one.
    private let arming = Mutex(())

    private init() {
        timer = CSystemShims_timerfd_realtime()
        precondition(timer >= 0, "timerfd: \(String(cString: strerror(errno)))")
    }

    /// Returns at `deadline` on the wall clock, early when the wall clock is set (the
    /// caller re-reads the time), or throws `CancellationError` when the task is cancelled.
    ///
    /// The sleeping thread arms the timer itself (and so does one that cancels): the
    /// watching thread wakes only when the timer fires, so a sleep begun or ended costs
    /// the process no wake-up of its own.
    package func sleep(until deadline: Date) async throws {
        try await sleepers.sleep(until: deadline) { [self] in
            rearm()
            if !started.exchange(true, ordering: .acquiringAndReleasing) {
                DetachedThread.start(named: "wall-clock alarm") { [self] in watch() }
            }
        }
    }

    /// Arms the timer for the earliest deadline of a sleep under way.
    private func rearm() {
        arming.withLock { _ in arm(sleepers.earliestDeadline) }
    }

    /// Has the calling thread watch the timer in place of a thread of its own: it polls
    /// `descriptor` and calls `fired()` when it is readable. False when the alarm's own
    /// thread watches already (a sleep came first).
    package func watchElsewhere() -> Bool {
        started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// The timer, readable when it fires or when the wall clock is set.
    package var descriptor: Int32 { timer }

    /// Ends the sleeps that are due (all of them when the wall clock was set) and arms the
    /// timer for the next; called when `descriptor` is readable.
    package func fired() {
        var value: UInt64 = 0
        let clockWasSet = read(timer, &value, 8) < 0 && errno == ECANCELED
        let now = Date()
        sleepers.wake { clockWasSet || $0 <= now }
        rearm()
    }

    private func watch() {
        var fds = [pollfd(fd: timer, events: Int16(POLLIN), revents: 0)]
        while true {
            guard poll(&fds, 1, -1) >= 0 else { continue }  // EINTR
            fired()
        }
    }

    /// Arms the timer for `deadline` (absolute, cancelled when the clock is set), or
    /// disarms it when nobody sleeps.
    private func arm(_ deadline: Date?) {
        var spec = itimerspec()
        if let deadline {
            let seconds = deadline.timeIntervalSince1970.rounded(.down)
            spec.it_value.tv_sec = Int(seconds)
            // A zero it_value would disarm; a past instant fires at once.
            spec.it_value.tv_nsec = max(1, Int((deadline.timeIntervalSince1970 - seconds) * 1e9))
        }
        let flags = CSystemShims_TFD_TIMER_ABSTIME | CSystemShims_TFD_TIMER_CANCEL_ON_SET
        timerfd_settime(timer, flags, &spec, nil)
    }
}
