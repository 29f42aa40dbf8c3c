import CSystemShims
import Foundation
import Glibc
import TimelineEngine

/// Runs a program with an argv array (no shell unless the argv says `sh -c`), in its own
/// process group, and collects its standard output within a time limit and a size limit.
/// On either limit the whole group is killed, so a script's children go too.
package struct CommandRunner: Sendable {
    package var arguments: [String]
    /// Added to the daemon's environment.
    package var environment: [String: String] = [:]
    package var directory: String?
    package var timeout: TimeInterval = 10
    package var outputLimit = 1 << 20

    package init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Why a run gave no output to use.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case cannotStart(program: String, reason: String)
        case timedOut(seconds: TimeInterval)
        case outputTooLarge(limit: Int)
        case exited(status: Int32, stderr: String)
        case killed(signal: Int32)

        package var description: String {
            switch self {
            case let .cannotStart(program, reason): "cannot run '\(program)': \(reason)"
            case let .timedOut(seconds): "did not finish within \(seconds.compactSeconds); its process group was killed"
            case let .outputTooLarge(limit): "printed more than \(limit) bytes; its process group was killed"
            case let .exited(status, stderr): "exited with status \(status)" + (stderr.isEmpty ? "" : ": \(stderr)")
            case let .killed(signal): "was killed by signal \(signal)"
            }
        }
    }

    /// Runs the program to the end; its standard output.
    package func run() async throws(Failure) -> Data {
        let runner = self
        return try await OwnThread.run(named: "command \(arguments.first ?? "")") { runner.runBlocking() }.get()
    }

    private func runBlocking() -> Result<Data, Failure> {
        let program = arguments.first ?? ""
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard CSystemShims_pipe_cloexec(&output) == 0, CSystemShims_pipe_cloexec(&errors) == 0 else {
            return .failure(.cannotStart(program: program, reason: String(cString: strerror(errno))))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
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
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            return .failure(.cannotStart(program: program, reason: String(cString: strerror(spawned))))
        }

        var stdout = Data(), stderr = Data()
        let deadline = Date().addingTimeInterval(timeout)
        var open = [true, true]
        var failure: Failure?
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(true) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 {
                failure = .timedOut(seconds: timeout)
                break
            }
            var fds = [pollfd(fd: output[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errors[0], events: Int16(POLLIN), revents: 0)]
            for i in 0..<2 where !open[i] { fds[i].fd = -1 }
            let ready = poll(&fds, 2, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno != EINTR { break }
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
            if stdout.count > outputLimit {
                failure = .outputTooLarge(limit: outputLimit)
                break
            }
        }
        if failure != nil { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if let failure { return .failure(failure) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        if signal != 0 { return .failure(.killed(signal: signal)) }
        let code = (status >> 8) & 0xFF
        guard code == 0 else {
            let text = String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(.exited(status: code, stderr: String(text.split(separator: "\n").last ?? "")))
        }
        return .success(stdout)
    }
}

/// A command's output that is not a timeline.
package struct CommandOutputError: Error, CustomStringConvertible {
    let failure: TimelineJSON.Failure
    package var description: String { "printed an invalid timeline: \(failure)" }

    package init(failure: TimelineJSON.Failure) {
        self.failure = failure
    }
}
