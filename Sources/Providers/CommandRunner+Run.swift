import DaemonRuntime
import FoundationEssentials
import ProviderOptions

extension CommandRunner {
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

    /// Runs the program to the end; its standard output. The time limit is kept on the
    /// provider's clock (the engine's): when it passes, or the fetch is cancelled, the
    /// whole process group is killed, even one that closed its output and runs on.
    /// `registry`: where the child is recorded, to be ended when the daemon exits (the
    /// process's own, but for tests that run daemons beside their commands).
    package func run(registry: ChildRegistry = .shared) async throws(Failure) -> Data {
        let program = arguments.first ?? ""
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: arguments, environment: environment, directory: directory, registry: registry)
        } catch {
            throw .cannotStart(program: program, reason: error.reason)
        }
        let limit = outputLimit
        let (result, stopped) = await OwnThread.run(named: "command \(program)", within: timeout, stop: { child.stop() }) {
            let (output, errors) = child.collect(limit: limit)
            return (output, errors, child.wait())
        }
        let (output, errors, status) = result
        guard let output else { throw .outputTooLarge(limit: outputLimit) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        // Stopped, and so killed; unless it had just ended by itself.
        if stopped && signal != 0 { throw .timedOut(seconds: timeout) }
        if signal != 0 { throw .killed(signal: signal) }
        let code = (status >> 8) & 0xFF
        guard code == 0 else {
            // Its last line, at most 200 characters, control characters dropped: it goes
            // to the log and `lockscreenctl status`, never raw to a terminal.
            let text = String(decoding: errors, as: UTF8.self).trimmed()
            let line = String((text.split(separator: "\n").last ?? "").unicodeScalars.filter { $0.properties.generalCategory != .control })
            throw .exited(status: code, stderr: String(line.prefix(200)))
        }
        return output
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
