import Synchronization

/// The moment one service of a `ServiceGroup` is asked to stop: fired once by the group,
/// read by the service's task through `GracefulShutdown.current` — by
/// `gracefulShutdown()`, `cancelWhenGracefulShutdown(_:)` and
/// `withGracefulShutdownHandler(operation:onGracefulShutdown:)`.
final class GracefulShutdown: Sendable {
    /// The shutdown of the service whose task this is; nil outside a group.
    @TaskLocal static var current: GracefulShutdown?

    private enum Waiter {
        case handler(@Sendable () -> Void)
        /// A `gracefulShutdown()` waiting; `nil` once its task was cancelled before it waited.
        case waiting(CheckedContinuation<Void, Never>?)
    }

    private struct State {
        var fired = false
        var waiters: [Int: Waiter] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Fires the shutdown: every handler runs and every waiter wakes, each once; a later
    /// call does nothing.
    func fire() {
        let waiters = state.withLock { state -> [Waiter] in
            guard !state.fired else { return [] }
            state.fired = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters {
            switch waiter {
            case let .handler(handler): handler()
            case let .waiting(continuation): continuation?.resume()
            }
        }
    }

    /// Keeps `handler` for the shutdown; nil when it has fired already.
    func add(_ handler: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.fired else { return nil }
            defer { state.nextID += 1 }
            state.waiters[state.nextID] = .handler(handler)
            return state.nextID
        }
    }

    /// Forgets the handler or waiter `id`.
    func remove(_ id: Int) {
        _ = state.withLock { $0.waiters.removeValue(forKey: id) }
    }

    /// Waits until the shutdown fires; throws `CancellationError` when the task is
    /// cancelled first.
    func wait() async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let waits = state.withLock { state -> Bool in
                    if state.fired { return false }
                    if case .waiting(nil)? = state.waiters[id] {
                        // Cancelled before it waited.
                        state.waiters[id] = nil
                        return false
                    }
                    state.waiters[id] = .waiting(continuation)
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.fired else { return nil }
                if case let .waiting(continuation?)? = state.waiters[id] {
                    state.waiters[id] = nil
                    return continuation
                }
                state.waiters[id] = .waiting(nil)
                return nil
            }
            continuation?.resume()
        }
        try Task.checkCancellation()
    }
}

/// Waits until the group asks this service to stop; throws `CancellationError` when the
/// task is cancelled first, or at once outside a group.
package func gracefulShutdown() async throws {
    guard let shutdown = GracefulShutdown.current else { throw CancellationError() }
    try await shutdown.wait()
}

/// Runs `operation`, cancelling it when the group asks this service to stop.
package func cancelWhenGracefulShutdown(_ operation: @escaping @Sendable () async -> Void) async {
    await withTaskGroup(of: Void.self) { group in
        group.addTask { await operation() }
        group.addTask { try? await gracefulShutdown() }
        await group.next()
        group.cancelAll()
    }
}

/// Runs `operation`, calling `handler` once if the group asks this service to stop while
/// it runs (at once if it has asked already).
package func withGracefulShutdownHandler<T>(
    operation: () async throws -> T, onGracefulShutdown handler: @escaping @Sendable () -> Void
) async rethrows -> T {
    guard let shutdown = GracefulShutdown.current else { return try await operation() }
    guard let id = shutdown.add(handler) else {
        handler()
        return try await operation()
    }
    defer { shutdown.remove(id) }
    return try await operation()
}
