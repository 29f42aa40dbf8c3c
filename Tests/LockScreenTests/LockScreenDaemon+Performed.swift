import TestSupport
@testable import LockScreen

extension LockScreenDaemon {
    /// Waits for the report of an intent or action a tap started. An intent of the test's
    /// own runs on the cooperative pool and needs only yields; an action that makes a real
    /// request (a loopback server, a child process) needs real time, polled every 10 ms
    /// (`eventually`: its limit only guards against a hang). Throws when nothing reports.
    func performed(realTime: Bool = false) async throws -> DaemonInbox.Request {
        var found: DaemonInbox.Request?
        let look = { () -> Bool in
            found = found ?? self.requests.take().first(where: { if case .performed = $0 { true } else { false } })
            return found != nil
        }
        if realTime {
            _ = try await eventually { look() }
        } else {
            var yields = 0
            while !look(), yields < 10_000 {
                await Task.yield()
                yields += 1
            }
        }
        guard let found else { throw CancellationError() }
        return found
    }
}
