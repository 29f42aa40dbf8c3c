import Foundation
import TimelineEngine

/// Runs blocking work (a child process, an HTTP transfer) on a thread of its own, so the
/// concurrency pool that renders and keeps time never waits on a slow program or server.
enum OwnThread {
    static func run<T: Sendable>(named name: String, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }
}
