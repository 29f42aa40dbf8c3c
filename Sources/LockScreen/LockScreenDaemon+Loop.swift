import DaemonRuntime  // for .now, .monotonic, .wait
import FoundationEssentials
import LockScreenModel  // for .on
import Panel

extension LockScreenDaemon {
    /// Steps at each scheduled change until stopped, cancelled, `end`, or one frame.
    func loop(once: Bool, until end: Date?) async throws {
        var scheduled: Date?
        while !Task.isCancelled && !requests.isStopped {
            let handled = await takeRequests()
            // A wake-up a few milliseconds late draws the instant it was scheduled for,
            // so frames are stamped (and timers read) at the whole second or minute.
            let now = clock.now()
            let at = scheduled.map { !handled && now >= $0 && now.timeIntervalSince($0) < 1 ? $0 : now } ?? now
            if let end, at >= end { return }
            let next = try await turn(at: at, once: once)
            if once { return }
            scheduled = next.drawn ? next.time : nil
            await wake.wait(until: [next.time, end].compactMap { $0 }.min()!, on: clock)
        }
    }

    /// Does what the inbox asks, oldest first; true when it asked anything. (Tests take
    /// them as the loop would, on their manual clock.)
    package func takeRequests() async -> Bool {
        let taken = requests.take()
        for request in taken { await perform(request, now: clock.now()) }
        return !taken.isEmpty
    }

    /// One turn of the loop at `now`: the screen put to sleep or woken as its schedule
    /// says, then, unless it is dark, a step. Returns when the next turn is due, and
    /// whether this one drew (a dark screen sleeps until it is due on, or a request).
    func turn(at now: Date, once: Bool = false) async throws(DisplayError) -> (time: Date, drawn: Bool) {
        let screen = once ? nil : applyPower(at: now)
        if let screen, !screen.on {
            announceReady()
            return (screen.until ?? now.addingTimeInterval(86_400), false)
        }
        heartbeat.enter(clock.monotonic())
        defer { heartbeat.leave() }
        let (_, next) = try await step(now: now)
        announceReady()
        if !once, let next { await layOutAhead(for: next) }
        return ([next ?? now.addingTimeInterval(86_400), screen?.until].compactMap { $0 }.min()!, true)
    }

    /// Tells systemd (READY=1) the first time: after the first frame, or at once when the
    /// daemon starts on a dark screen.
    func announceReady() {
        guard !announcedReady else { return }
        announcedReady = true
        heartbeat.markUp()
        onFirstFrame?()
    }
}
