import FoundationEssentials
import Synchronization

/// The sleeps waiting on a clock, each until its deadline: what `WallClockAlarm` and
/// `ManualClock` both keep. A sleep ends when its clock calls `wake(where:)` with its
/// deadline due, or throws `CancellationError` when its task is cancelled, before or after
/// it began.
package final class SleeperTable: Sendable {
    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps cancelled before they registered.
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// Waits until `wake(where:)` finds `deadline` due. `changed` runs after the sleep has
    /// registered and after a cancelled one has left, so the clock can re-arm its timer
    /// or wake at once a sleep whose deadline has passed already.
    package func sleep(until deadline: Date, changed: @escaping @Sendable () -> Void) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    changed()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return Sleeper?.none
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
            changed()
        }
    }

    /// Ends the sleeps whose deadline `isDue` says has come.
    package func wake(where isDue: (Date) -> Bool) {
        let due = state.withLock { state in
            let ids = state.sleepers.filter { isDue($0.value.deadline) }.keys
            return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        due.forEach { $0.resume() }
    }

    /// The earliest deadline of a sleep under way.
    package var earliestDeadline: Date? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

    package var isEmpty: Bool { state.withLock { $0.sleepers.isEmpty } }
}
