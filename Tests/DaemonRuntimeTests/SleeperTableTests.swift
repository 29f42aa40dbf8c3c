import Foundation
import Testing
@testable import DaemonRuntime

/// The sleeps a clock keeps, and the daemon's wake-up, on the manual clock: nothing here
/// waits in real time.
@Suite("SleeperTable and WakeSignal")
struct SleeperTableTests {
    let start = Date(timeIntervalSince1970: 1_795_356_297)

    /// Runs `sleep` and returns once it has registered in `table`.
    func registered(_ table: SleeperTable, until deadline: Date) async -> Task<Bool, Never> {
        let (began, mark) = AsyncStream<Void>.makeStream()
        let task = Task {
            do {
                try await table.sleep(until: deadline) { mark.yield() }
                return true
            } catch {
                return false
            }
        }
        for await _ in began { break }
        return task
    }

    @Test("a sleep ends when its deadline is found due, not before; the earliest deadline is the table's")
    func endsWhenDue() async {
        let table = SleeperTable()
        let late = await registered(table, until: start + 60)
        let early = await registered(table, until: start + 10)
        #expect(table.earliestDeadline == start + 10)
        table.wake { $0 <= start + 5 }
        #expect(!table.isEmpty && table.earliestDeadline == start + 10)
        table.wake { $0 <= start + 10 }
        #expect(await early.value == true)
        #expect(table.earliestDeadline == start + 60)
        table.wake { $0 <= start + 60 }
        #expect(await late.value == true)
        #expect(table.isEmpty && table.earliestDeadline == nil)
    }

    @Test("a cancelled sleep throws and leaves the table, whether it was cancelled before or while it slept")
    func cancelled() async {
        let table = SleeperTable()
        let sleeping = await registered(table, until: start + 60)
        sleeping.cancel()
        #expect(await sleeping.value == false)
        #expect(table.isEmpty)
        let before = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await table.sleep(until: start + 60) {}
                return true
            } catch {
                return false
            }
        }
        #expect(await before.value == false)
        #expect(table.isEmpty)
    }

    @Test("a signal before the wait ends the next wait at once; the clock reaching the deadline ends one")
    func wakeSignal() async {
        let clock = ManualClock(start: start)
        let signal = WakeSignal()
        await signal.signal()
        await signal.wait(until: start + 3_600, on: clock)
        #expect(clock.now() == start, "a pending signal ends the wait without the clock moving")
        let waiting = Task { await signal.wait(until: start + 60, on: clock) }
        await clock.sleeping()
        clock.advance(by: 60)
        await waiting.value
        #expect(clock.now() == start + 60)
    }

    @Test("a signal during a wait ends it before its deadline")
    func signalDuringWait() async {
        let clock = ManualClock(start: start)
        let signal = WakeSignal()
        let waiting = Task { await signal.wait(until: start + 3_600, on: clock) }
        await clock.sleeping()
        await signal.signal()
        await waiting.value
        #expect(clock.now() == start)
    }
}
