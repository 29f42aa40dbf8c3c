import CSystemShims
import DaemonRuntime
import FoundationEssentials
import Glibc
import Synchronization

/// A program started in a process group of its own, with its standard output and error
/// on pipes, that can be stopped from any thread: its whole group is killed (a script's
/// children go too) and whoever reads its pipes is woken.
///
/// The group is signalled only while the child is not yet reaped: its process ID, and so
/// its group's, cannot have been given to another process before then. Every child is in
/// a `ChildRegistry` (the process's `shared` one), which ends them all when the daemon exits.
final class ChildProcess: Sendable {
    let pid: pid_t
    /// The read ends of the child's standard output and error.
    let output: Int32, errors: Int32
    /// Written to by `stop()`, to wake a reader blocked in `poll`.
    private let wakeup: (read: Int32, write: Int32)
    private let reaped = Mutex(false)
    /// Set by the first `stop()`: later ones (a time-out after the output limit) start no
    /// second escalation.
    private let stopping = Atomic(false)
    private let registry: ChildRegistry

    /// Why a program could not start.
    struct SpawnError: Error {
        let reason: String
    }

    /// Starts `arguments` (looked up in PATH) with `environment` added to the daemon's, in
    /// `directory`, standard input from /dev/null.
    init(arguments: [String], environment: [String: String], directory: String?, registry: ChildRegistry = .shared) throws(SpawnError) {
        self.registry = registry
        var outputPipe: [Int32] = [0, 0], errorPipe: [Int32] = [0, 0], wakePipe: [Int32] = [0, 0]
        guard CSystemShims_pipe_cloexec(&outputPipe) == 0 else { throw SpawnError(reason: String(cString: strerror(errno))) }
        guard CSystemShims_pipe_cloexec(&errorPipe) == 0 else {
            defer { outputPipe.forEach { close($0) } }
            throw SpawnError(reason: String(cString: strerror(errno)))
        }
        guard CSystemShims_pipe_cloexec(&wakePipe) == 0 else {
            defer { (outputPipe + errorPipe).forEach { close($0) } }
            throw SpawnError(reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        if let directory { CSystemShims_spawn_addchdir(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (to kill it whole), default signal dispositions.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)

        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        var spawned: Int32 = 0
        _ = registry.spawn {
            spawned = posix_spawnp(&pid, arguments.first ?? "", &actions, &attributes, argv, envp)
            return spawned == 0 ? pid : nil
        }
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            [outputPipe[0], errorPipe[0], wakePipe[0], wakePipe[1]].forEach { close($0) }
            throw SpawnError(reason: String(cString: strerror(spawned)))
        }
        self.pid = pid
        (output, errors) = (outputPipe[0], errorPipe[0])
        wakeup = (wakePipe[0], wakePipe[1])
    }

    deinit {
        [output, errors, wakeup.read, wakeup.write].forEach { close($0) }
    }

    /// Ends the child's whole group — SIGTERM, then SIGKILL to what is left after
    /// `grace` — unless the child is reaped already, and wakes the reader. Safe from any
    /// thread, at any time, more than once: the first call decides.
    func stop(grace: Duration = .seconds(2)) {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        signal(SIGTERM)
        var byte: UInt8 = 1
        _ = write(wakeup.write, &byte, 1)
        DetachedThread.start(named: "command reaper") { [self] in
            let (seconds, attoseconds) = grace.components
            var wait = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000)), left = timespec()
            while nanosleep(&wait, &left) < 0 && errno == EINTR { wait = left }
            signal(SIGKILL)
        }
    }

    /// Sends `number` to the child's group while the child is not reaped.
    private func signal(_ number: Int32) {
        reaped.withLock { reaped in
            if !reaped { kill(-pid, number) }
        }
    }

    /// Reads standard output (up to `limit` bytes) and the first 4 KiB of standard error
    /// until both close or `stop()` is called. Returns nil for the output when it went over
    /// `limit` (the group is killed then).
    func collect(limit: Int) -> (output: Data?, errors: Data) {
        var stdout = Data(), stderr = Data()
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(true) {
            var fds = [
                pollfd(fd: open[0] ? output : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: open[1] ? errors : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 3, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[2].revents != 0 { break }
            for i in 0..<2 where open[i] && fds[i].revents != 0 {
                let n = read(fds[i].fd, &buffer, buffer.count)
                if n <= 0 {
                    open[i] = false
                } else if i == 0 {
                    stdout.append(contentsOf: buffer[0..<n])
                } else if stderr.count < 4_096 {
                    stderr.append(contentsOf: buffer[0..<min(n, 4_096 - stderr.count)])
                }
            }
            if stdout.count > limit {
                stop(grace: .zero)
                return (nil, stderr)
            }
        }
        return (stdout, stderr)
    }

    /// Waits for the child to end and reaps it; its wait status. The group can be killed
    /// until the moment it is reaped.
    func wait() -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        var status: Int32 = 0
        registry.reap(pid) {
            reaped.withLock { reaped in
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                reaped = true
            }
        }
        return status
    }
}
