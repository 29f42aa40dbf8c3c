import CSystemShims
import Glibc

/// One thread that runs every task of the daemon, the thread that started it.
///
/// Swift's default executor runs tasks on libdispatch's global queues, and their first
/// use on Linux starts libdispatch's workqueue monitor: a timer that wakes the process
/// every second for its whole life, idle or not. A daemon whose screen changes once a
/// minute should wake about once a minute; on this executor it does (docs/TIMELINES.md
/// has the measurement). One thread is enough: a step draws in milliseconds, and every
/// blocking call (a child process, a transfer, the control socket) has a thread of its
/// own already.
///
/// The thread also watches the wall-clock alarm (`WallClockAlarm`), so the minute's timer
/// wakes the one thread that draws the minute: an idle daemon wakes once a minute, not
/// twice (the alarm's thread, then this one).
///
/// When that thread is the process's main thread, it also runs the main queue's work, as
/// a run loop does: widget code's `@MainActor` functions (SwiftData's `mainContext`,
/// `Task { @MainActor in … }` in a provider) run there, between the daemon's jobs.
///
/// Tasks started under `withTaskExecutorPreference` run here, with their child tasks;
/// an unstructured task does not inherit the preference, so the daemon's own
/// `Task(executorPreference: DaemonExecutor.preferred)` passes it on: `preferred` is a
/// task-local, which unstructured tasks do inherit. It is nil in tests, which run on the
/// default executor.
package final class DaemonExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor the daemon's tasks prefer; nil outside `run(_:)`.
    @TaskLocal package static var preferred: DaemonExecutor?

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// Readable when a job was queued while the thread waited.
    private let events: Int32
    /// The wall-clock alarm this thread watches itself: a timer that fires wakes only this
    /// thread, which runs the sleeps it ends at once (one wake-up, not two).
    private let alarm: WallClockAlarm?
    /// Guarded by `lock`.
    private var jobs: [UnownedJob] = []
    /// Guarded by `lock`: the thread waits in `poll` and needs `events` to run a job.
    private var waiting = false

    private init(alarm: WallClockAlarm?) {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        events = CSystemShims_eventfd()
        precondition(events >= 0, "eventfd: \(String(cString: strerror(errno)))")
        self.alarm = alarm
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(lock)
        jobs.append(job)
        let wake = waiting
        waiting = false
        pthread_mutex_unlock(lock)
        if wake {
            var one: UInt64 = 1
            _ = write(events, &one, 8)
        }
    }

    /// Runs `operation` as a task on a new executor whose thread is the calling one, and
    /// never returns: when `operation` returns, the process exits with status 0.
    package static func run(_ operation: @escaping @Sendable () async -> Void) -> Never {
        let alarm = WallClockAlarm.shared
        let executor = DaemonExecutor(alarm: alarm.watchElsewhere() ? alarm : nil)
        Task(executorPreference: executor) {
            await $preferred.withValue(executor) { await operation() }
            exit(0)
        }
        executor.serve()
    }

    private func serve() -> Never {
        var batch: [UnownedJob] = []
        var fds = [pollfd(fd: events, events: Int16(POLLIN), revents: 0)]
        if let alarm { fds.append(pollfd(fd: alarm.descriptor, events: Int16(POLLIN), revents: 0)) }
        // The main queue's descriptor, on the main thread only (the main queue's work must
        // run there).
        let mainQueue = CSystemShims_is_main_thread() != 0 ? fds.count : nil
        if mainQueue != nil { fds.append(pollfd(fd: _dispatch_get_main_queue_handle_4CF(), events: Int16(POLLIN), revents: 0)) }
        while true {
            pthread_mutex_lock(lock)
            swap(&batch, &jobs)
            waiting = batch.isEmpty
            pthread_mutex_unlock(lock)
            if batch.isEmpty {
                guard poll(&fds, nfds_t(fds.count), -1) > 0 else { continue }  // EINTR
                pthread_mutex_lock(lock)
                waiting = false
                pthread_mutex_unlock(lock)
                if fds[0].revents != 0 {
                    var count: UInt64 = 0
                    _ = read(events, &count, 8)
                }
                if alarm != nil, fds[1].revents != 0 { alarm?.fired() }
                if let mainQueue, fds[mainQueue].revents != 0 { _dispatch_main_queue_callback_4CF(nil) }
                continue
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
