import Accessory
import DaemonRuntime
import Foundation
import Synchronization
import TimelineEngine
import ProviderOptions

/// Counts calls across tasks.
package final class Counter: Sendable {
    /// The count, and who waits for it to reach a number.
    private let state = Mutex<(count: Int, waiters: [(Int, CheckedContinuation<Void, Never>)])>((0, []))

    package init() {}

    @discardableResult package func increment() -> Int {
        let (n, due) = state.withLock { state in
            state.count += 1
            let due = state.waiters.filter { $0.0 <= state.count }.map(\.1)
            state.waiters.removeAll { $0.0 <= state.count }
            return (state.count, due)
        }
        due.forEach { $0.resume() }
        return n
    }

    package var count: Int { state.withLock { $0.count } }

    /// Returns once the count has reached `n`: no polling, no real-time wait.
    package func reached(_ n: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.count >= n { return true }
                state.waiters.append((n, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// Ends the grace period of the engine step waiting on `clock`: waits for the step's
/// wait to begin, lets the fetches that answer at once hand in their answers, then moves
/// the clock past the grace.
package func endGrace(_ clock: ManualClock) async {
    await clock.sleeping()
    for _ in 0..<50 { await Task.yield() }
    clock.advance(by: 1)
}

/// A wait that never ends but on cancellation: a manual clock nobody advances.
package func waitForever() async throws {
    try await ManualClock(start: .distantPast).sleep(until: .distantFuture)
}

/// A widget instance whose timeline is computed by `make(call, now)`, or which throws
/// or never answers.
package enum Scripted {
    package struct Failure: Error, CustomStringConvertible {
        package init() {}
        package var description: String { "source unavailable" }
    }

    package static func entry(_ date: Date, _ text: String, relevance: TimelineEntryRelevance? = nil) -> RenderableEntry {
        RenderableEntry(date: date, relevance: relevance) { Text(text) }
    }

    package static func instance(calls: Counter = Counter(), _ make: @escaping @Sendable (_ call: Int, _ now: Date) throws -> RenderableTimeline) -> WidgetInstance {
        WidgetInstance(
            placeholder: { entry($0.date, "placeholder") },
            snapshot: { entry($0.date, "snapshot") },
            timeline: { context in try make(calls.increment(), context.date) })
    }

    package static func failing(calls: Counter = Counter()) -> WidgetInstance {
        instance(calls: calls) { _, _ in throw Failure() }
    }

    package static func silent() -> WidgetInstance {
        WidgetInstance(
            placeholder: { entry($0.date, "placeholder") }, snapshot: { entry($0.date, "snapshot") },
            timeline: { _ in
                try await waitForever()
                return RenderableTimeline(entries: [], policy: .never)
            })
    }

    package static func widget(_ name: String, family: WidgetFamily = .accessoryCircular, budget: ReloadBudget = .standard, _ instance: WidgetInstance) -> TimelineEngine.Widget {
        TimelineEngine.Widget(name: name, family: family, instance: instance, budget: budget)
    }
}

/// An engine on a manual clock: a step waits for its fetches until the test ends the
/// grace with `endGrace(_:)`.
package func fastEngine(_ widgets: [TimelineEngine.Widget], clock: ManualClock = ManualClock(start: testNow)) -> TimelineEngine {
    TimelineEngine(widgets: widgets, now: testNow, clock: clock, logger: quietLogger)
}
