import Foundation
import Testing
@testable import DaemonRuntime

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

    @Test("several sleepers each wake at their own deadline, none before it")
    func several() async throws {
        let start = Date()
        let deadlines = [3, 1, 2].map { start.addingTimeInterval(0.1 * Double($0)) }
        let woken = try await withThrowingTaskGroup(of: (Date, Date).self) { group in
            for deadline in deadlines {
                group.addTask {
                    try await WallClockAlarm.shared.sleep(until: deadline)
                    return (deadline, Date())
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(woken.count == 3)
        for (deadline, wokeAt) in woken { #expect(wokeAt >= deadline) }
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
