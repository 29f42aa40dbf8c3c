import CSystemShims
import FoundationEssentials
import Glibc
import Synchronization

/// The daemon's child processes (command widgets), so that none outlives its purpose:
/// at exit every group is ended, SIGTERM first and SIGKILL after a grace; and, once the
/// daemon is a subreaper, the descendants a command left behind (a `setsid` that escaped
/// its group, a daemonized helper) are ended as soon as they are orphaned.
package final class ChildRegistry: Sendable {
    package static let shared = ChildRegistry()

    init() {}

    /// The process IDs of the children not yet reaped; also held while spawning, so a
    /// sweep never mistakes a child being born for an orphan.
    private let live = Mutex<Set<pid_t>>([])
    private let subreaper = Atomic(false)

    /// Makes orphaned descendants of the daemon's children its own children, to be swept.
    /// For the daemon's process; tests leave it off.
    package func becomeSubreaper() {
        if CSystemShims_become_subreaper() == 0 { subreaper.store(true, ordering: .releasing) }
    }

    /// Runs `spawn` (returning the new child's pid, or nil) with the registry held, and
    /// records the child.
    func spawn(_ spawn: () -> pid_t?) -> pid_t? {
        live.withLock { live in
            let pid = spawn()
            if let pid { live.insert(pid) }
            return pid
        }
    }

    /// `reap` (which reaps `pid`) with the registry held; then orphans are swept.
    func reap(_ pid: pid_t, _ reap: () -> Void) {
        live.withLock { live in
            reap()
            live.remove(pid)
        }
        sweepOrphans()
    }

    /// Ends and reaps the children of this process that no command tracks: descendants
    /// reparented here after their parent ended. Only a subreaper has such children.
    package func sweepOrphans() {
        guard subreaper.load(ordering: .acquiring) else { return }
        live.withLock { live in
            // An orphan's own children are reparented here when it ends: a few rounds.
            for _ in 0..<8 {
                let orphans = Self.children().filter { !live.contains($0) }
                if orphans.isEmpty { return }
                for pid in orphans {
                    kill(pid, SIGKILL)
                    var status: Int32 = 0
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                }
            }
        }
    }

    /// Ends every child's group: SIGTERM, then SIGKILL to those still there after
    /// `grace`. Returns when all are reaped (by their readers) or a further second passed.
    package func stopAll(grace: Duration = .seconds(2)) {
        for signal in [SIGTERM, SIGKILL] {
            for pid in live.withLock({ $0 }) { kill(-pid, signal) }
            let start = ContinuousClock.now
            while !live.withLock({ $0.isEmpty }) && ContinuousClock.now - start < (signal == SIGTERM ? grace : .seconds(1)) {
                usleep(10_000)
            }
        }
        sweepOrphans()
    }

    /// The process IDs whose parent is this process, from /proc.
    private static func children() -> [pid_t] {
        let me = getpid()
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8) else { return nil }
            // "pid (comm) state ppid …": comm may hold spaces and parentheses.
            let fields = stat[(stat.lastIndex(of: ")").map { stat.index(after: $0) } ?? stat.startIndex)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == me ? pid : nil
        }
    }
}
