import Glibc

/// One thread that runs every task of the daemon, the thread that started it.
///
/// Swift's default executor runs tasks on libdispatch's global queues, and their first
/// use on Linux starts libdispatch's workqueue monitor: a timer that wakes the process
/// every second for its whole life, idle or not. A daemon whose screen changes once a
/// minute should wake about once a minute; on this executor it does (docs/TIMELINES.md
/// has the measurement). One thread is enough: a step draws in milliseconds, and every
/// blocking call (a child process, a transfer, the control socket, the clock's timer)
/// has a thread of its own already.
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
    private let wakeup: UnsafeMutablePointer<pthread_cond_t>
    /// Guarded by `lock`.
    private var jobs: [UnownedJob] = []

    private init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        wakeup = .allocate(capacity: 1)
        wakeup.initialize(to: pthread_cond_t())
        pthread_cond_init(wakeup, nil)
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(lock)
        jobs.append(job)
        pthread_cond_signal(wakeup)
        pthread_mutex_unlock(lock)
    }

    /// Runs `operation` as a task on a new executor whose thread is the calling one, and
    /// never returns: when `operation` returns, the process exits with status 0.
    package static func run(_ operation: @escaping @Sendable () async -> Void) -> Never {
        let executor = DaemonExecutor()
        Task(executorPreference: executor) {
            await $preferred.withValue(executor) { await operation() }
            exit(0)
        }
        executor.serve()
    }

    private func serve() -> Never {
        var batch: [UnownedJob] = []
        while true {
            pthread_mutex_lock(lock)
            while jobs.isEmpty { pthread_cond_wait(wakeup, lock) }
            swap(&batch, &jobs)
            pthread_mutex_unlock(lock)
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
