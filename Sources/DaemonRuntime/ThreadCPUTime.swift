import Glibc

/// The processor time the calling thread has used: what a piece of work cost it, whatever
/// else the machine ran meanwhile. A busy machine stretches wall time (another process
/// holding the core), not this; the benchmark reports both.
package enum ThreadCPUTime {
    package static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
