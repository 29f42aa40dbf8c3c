import DaemonRuntime
import LockScreen
import TestSupport

extension LockScreenDaemon {
    /// What `call` returns — a front end's request that queues work for the daemon and
    /// waits for the daemon's answer (an activity push) — while the test takes the
    /// daemon's requests as its loop would, on the test's clock.
    package func answering<Value: Sendable>(_ call: @escaping @Sendable () async -> Value) async throws -> Value {
        let answer = Answer<Value>()
        let sending = Task { answer.give(await call()) }
        _ = try await eventually { _ = await takeRequests(); return answer.isGiven }
        await sending.value
        return await answer.value
    }
}
