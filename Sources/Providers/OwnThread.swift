import DaemonRuntime
import FoundationEssentials
import Synchronization

/// Runs blocking work (a child process, an HTTP transfer) on a thread of its own, so the
/// concurrency pool that renders and keeps time never waits on a slow program or server.
package enum OwnThread {
    package static func run<T: Sendable>(named name: String, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            DetachedThread.start(named: name) { continuation.resume(returning: work()) }
        }
    }

    /// Reads outside input (a timeline's JSON, a payload through a template) on a thread
    /// of its own: a megabyte of it must not hold up the daemon's thread, which draws the
    /// clock and pings the watchdog.
    package static func reading<T: Sendable, E: Error>(named name: String, _ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        try await run(named: name) { Result { () throws(E) in try work() } }.get()
    }

    /// Runs `work` on a thread of its own against a time limit on the provider's clock
    /// (`ProviderClock.current`, the engine's). When the limit passes first, or the task
    /// is cancelled (the engine gave up on the fetch), calls `stop`, which must make
    /// `work` return soon — kill a process group, abort a transfer — and may run after
    /// `work` has returned. Returns `work`'s value and whether `stop` was called.
    static func run<T: Sendable>(
        named name: String, within seconds: TimeInterval, stop: @escaping @Sendable () -> Void, _ work: @escaping @Sendable () -> T
    ) async -> (value: T, stopped: Bool) {
        let clock = ProviderClock.current
        let deadline = clock.now().addingTimeInterval(seconds)
        let stopped = Stopper(stop)
        let timer = Task(executorPreference: DaemonExecutor.preferred) {
            do { try await clock.sleep(until: deadline) } catch { return }
            stopped.fire()
        }
        let value = await withTaskCancellationHandler {
            await run(named: name, work)
        } onCancel: {
            stopped.fire()
        }
        timer.cancel()
        return (value, stopped.fired)
    }

    /// Calls its action at most once, from whichever of the deadline or the cancellation
    /// comes first.
    private final class Stopper: Sendable {
        private let action: @Sendable () -> Void
        private let done = Atomic(false)

        init(_ action: @escaping @Sendable () -> Void) { self.action = action }

        func fire() {
            if !done.exchange(true, ordering: .acquiringAndReleasing) { action() }
        }

        var fired: Bool { done.load(ordering: .acquiring) }
    }
}
