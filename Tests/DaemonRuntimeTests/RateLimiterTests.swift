import Foundation
import Testing
@testable import DaemonRuntime

/// The token buckets every flood goes through, on the manual clock.
@Suite("RateLimiter")
struct RateLimiterTests {
    @Test("a burst at once, then one an interval; the refused are counted for the next admitted one")
    func burstThenInterval() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_795_356_297))
        let limiter = RateLimiter(burst: 2, interval: 30, clock: clock)
        #expect(limiter.admit() == .allowed(suppressed: 0))
        #expect(limiter.admit() == .allowed(suppressed: 0))
        #expect(limiter.admit() == .refused(retryAfter: 30))
        clock.advance(by: 10)
        guard case let .refused(wait) = limiter.admit() else { Issue.record("admitted 10 s after a refusal"); return }
        #expect(abs(wait - 20) < 1e-9)
        clock.advance(by: 20)
        #expect(limiter.admit() == .allowed(suppressed: 2))
        #expect(!limiter.admit().isAllowed)
        // Idle for long: the bucket fills to the burst, not beyond.
        clock.advance(by: 3_600)
        #expect(limiter.admit().isAllowed && limiter.admit().isAllowed && !limiter.admit().isAllowed)
    }

    @Test("keys have buckets of their own, and a flood of new keys forgets the idlest, never grows the table")
    func keys() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 0))
        let limiter = RateLimiter(burst: 1, interval: 60, maximumKeys: 3, clock: clock)
        #expect(limiter.admit("a").isAllowed && !limiter.admit("a").isAllowed)
        clock.advance(by: 1)
        #expect(limiter.admit("b").isAllowed)
        clock.advance(by: 1)
        #expect(limiter.admit("c").isAllowed)
        // "d" finds the table full: "a", idle the longest, is forgotten.
        clock.advance(by: 1)
        #expect(limiter.admit("d").isAllowed)
        #expect(limiter.admit("a").isAllowed, "a forgotten key starts with a full bucket")
        #expect(!limiter.admit("c").isAllowed)
    }
}

/// The daemon's sleep: until a deadline on its clock or a signal, whichever is first.
@Suite("WakeSignal and the manual clock's sleeps")
struct WakeSignalTests {
    @Test("a wait ends at its deadline on the manual clock, not before")
    func deadline() async {
        let start = Date(timeIntervalSince1970: 1_795_356_297)
        let clock = ManualClock(start: start), signal = WakeSignal()
        let waiting = Task { await signal.wait(until: start + 60, on: clock); return clock.now() }
        await clock.sleeping()
        clock.advance(by: 59)
        clock.advance(by: 1)
        #expect(await waiting.value == start + 60)
    }

    @Test("a signal ends a wait at once; one sent between waits ends the next wait at once")
    func signalled() async {
        let start = Date(timeIntervalSince1970: 0)
        let clock = ManualClock(start: start), signal = WakeSignal()
        let waiting = Task { await signal.wait(until: start + 3_600, on: clock) }
        await clock.sleeping()
        await signal.signal()
        await waiting.value
        #expect(clock.now() == start)
        await signal.signal()
        await signal.wait(until: start + 3_600, on: clock)
        #expect(clock.now() == start)
    }

    @Test("a cancelled sleep throws, and the clock forgets it")
    func cancelled() async {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 0))
        let sleep = Task { try await clock.sleep(until: Date(timeIntervalSince1970: 60)) }
        await clock.sleeping()
        sleep.cancel()
        await #expect(throws: CancellationError.self) { try await sleep.value }
    }
}
