@testable import LockScreen

extension LockScreenDaemon {
    /// Waits for the report of an intent or action a tap started. An intent of the test's
    /// own runs on the cooperative pool and needs only yields; an action that makes a real
    /// request (a loopback server, a child process) needs real time, polled every 10 ms
    /// for at most 10 s. Throws when nothing reports in time.
    func performed(realTime: Bool = false) async throws -> DaemonInbox.Request {
        for _ in 0..<(realTime ? 1_000 : 10_000) {
            if let request = requests.take().first(where: { if case .performed = $0 { true } else { false } }) { return request }
            if realTime { try await Task.sleep(for: .milliseconds(10)) } else { await Task.yield() }
        }
        throw CancellationError()
    }
}
