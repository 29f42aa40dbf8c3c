import Foundation

/// Runs `body`, which blocks (a socket read, a wait on a child), on a thread of its own
/// and returns its result to the awaiting task.
///
/// Swift Testing runs the suites' tests side by side on the cooperative pool, which has
/// one thread a core: a test that blocks one of them while the code it waits for needs a
/// pool thread (a handler answering on the daemon's tasks) can wait on the other tests
/// rather than on what it tests. A blocking call from a test goes through this instead.
package func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.name = "test: blocking call"
        thread.start()
    }
}

/// Waits until `condition` holds, looking every 10 ms of real time. For what a test
/// cannot see on a manual clock (a child process starting, a request to a real server);
/// `limit` is only a guard against a hang, generous so that a busy machine cannot turn
/// the test red: the test asserts on what happened, never on how soon.
package func eventually(limit: Duration = .seconds(120), _ condition: () async throws -> Bool) async throws -> Bool {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < limit {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}
