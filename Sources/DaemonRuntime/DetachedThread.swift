import CSystemShims
import Glibc

/// Starts a named thread of the process's own, detached, for blocking work the
/// concurrency pool must never wait on: the wall-clock alarm, a child process, a transfer,
/// the control socket. Foundation's `Thread` without Foundation: the daemon is built on
/// FoundationEssentials, which has none.
package enum DetachedThread {
    /// Runs `body` on a new thread named `name` (the kernel keeps 15 bytes of it: `top -H`
    /// and `/proc/PID/task/*/comm` show it); with `lowestPriority`, at nice 19, so work
    /// that can wait never delays the drawing on a one-core board.
    package static func start(named name: String, lowestPriority: Bool = false, _ body: @escaping @Sendable () -> Void) {
        var run = body
        if lowestPriority {
            run = {
                CSystemShims_lowest_thread_priority()
                body()
            }
        }
        let box = Unmanaged.passRetained(Body(run, name: name)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            CSystemShims_set_thread_name(body.name)
            body.run()
            return nil
        }, box)
        // Without a thread the work cannot happen at all: as Foundation's Thread does.
        precondition(started == 0, "cannot start thread '\(name)': error \(started)")
        pthread_detach(thread)
    }

    private final class Body {
        let run: @Sendable () -> Void
        let name: String

        init(_ run: @escaping @Sendable () -> Void, name: String) {
            self.run = run
            self.name = name
        }
    }
}
