import Foundation
import Testing
@testable import LockScreen

@Suite("WallClockAlarm")
struct WallClockAlarmTests {
    @Test("a sleep returns at its deadline, never before it")
    func deadline() async throws {
        let deadline = Date().addingTimeInterval(0.2)
        try await WallClockAlarm.shared.sleep(until: deadline)
        #expect(Date() >= deadline)
    }

    @Test("a deadline already past returns at once")
    func past() async throws {
        try await WallClockAlarm.shared.sleep(until: Date().addingTimeInterval(-10))
    }

    @Test("several sleepers wake in the order of their deadlines")
    func order() async throws {
        actor Woken {
            var order: [Int] = []
            func append(_ n: Int) { order.append(n) }
        }
        let woken = Woken()
        let start = Date()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in [3, 1, 2] {
                group.addTask {
                    try await WallClockAlarm.shared.sleep(until: start.addingTimeInterval(0.1 * Double(n)))
                    await woken.append(n)
                }
            }
            try await group.waitForAll()
        }
        #expect(await woken.order == [1, 2, 3])
    }

    @Test("cancelling a task ends its sleep with CancellationError")
    func cancel() async throws {
        let sleeper = Task { try await WallClockAlarm.shared.sleep(until: Date().addingTimeInterval(3600)) }
        try await WallClockAlarm.shared.sleep(until: Date().addingTimeInterval(0.05))
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("a task cancelled before it sleeps does not sleep")
    func cancelledFirst() async throws {
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await WallClockAlarm.shared.sleep(until: Date().addingTimeInterval(3600))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
