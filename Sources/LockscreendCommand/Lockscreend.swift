import Accessory
import ArgumentParser
import CMalloc
import Canvas  // for TextLayout.warmUp
import Config
import ControlProtocol
import DaemonRuntime
import FoundationEssentials
import Glibc
import Logging

/// The lock-screen daemon's command line: the stock `lockscreend` and any custom
/// daemon started with `LockScreenDaemon.main(bundles:)`.
struct Lockscreend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: programName,
        abstract: "Draws iOS-style lock-screen widgets on a Linux display, touching only the pixels that change.",
        subcommands: [Run.self, Snapshot.self, Check.self, Preview.self, Bench.self],
        defaultSubcommand: Run.self)

    /// The name the program was started by: lockscreend, or a custom daemon's own.
    static let programName = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "lockscreend") } ?? "lockscreend"

    /// Two malloc arenas instead of glibc's up to eight per core. The daemon's threads
    /// take turns at its work (reloads beside drawing), and each arena keeps free memory of
    /// its own: in the bench, two gave a lower and steadier peak than the default at no
    /// measurable CPU cost, where one arena cost 15 % more CPU (docs/PERFORMANCE.md). A
    /// `MALLOC_ARENA_MAX` in the environment still wins.
    private static func limitMallocArenas() {
        #if canImport(Glibc)
        if getenv("MALLOC_ARENA_MAX") == nil { mallopt(M_ARENA_MAX, 2) }
        #endif
    }

    /// Whether `arguments` run the daemon: `run` or no subcommand, and none of the parser's
    /// own words (help, version, completion scripts) asked for.
    static func startsTheDaemon(_ arguments: ArraySlice<String>) -> Bool {
        guard arguments.first.map({ $0 == "run" || $0.hasPrefix("-") }) ?? true else { return false }
        return !arguments.contains { ["-h", "-help", "--help", "--version", "help"].contains($0) || $0.hasPrefix("--generate-completion") || $0.hasPrefix("--experimental-") }
    }

    /// The command `arguments` name. The daemon's own line is read by `DaemonLine`,
    /// without the parser's reflection; one it leaves is parsed by `Run` alone (from the
    /// root, the parser builds `Run`'s whole argument set again for every option it
    /// passes on to the default subcommand: docs/PERFORMANCE.md). A line neither takes is
    /// parsed again from the root, so every error and its usage read as they always did.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if startsTheDaemon(arguments[...]) {
            let line = arguments.first == "run" ? arguments.dropFirst() : arguments[...]
            if let run = DaemonLine.parse(line) ?? (try? Run.parseAsRoot(Array(line))) { return run }
        }
        return try parseAsRoot(arguments)
    }

    /// Parses the process's arguments and runs; errors are printed as one line naming the
    /// bad value (usage and help go to stdout only when asked for), never as a stack trace.
    static func main() async {
        // A peer that hangs up (a lockscreenctl client, an HTTP server) must not kill the
        // daemon: writes to it fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        limitMallocArenas()
        // The daemon's fonts load on a thread of their own from the first instant, beside
        // the parsing of the command line, the configuration and the state: the first
        // frame then finds them ready (docs/PERFORMANCE.md). Only a guess from the words
        // typed; a wrong one costs the warm-up or its absence, never a result.
        if startsTheDaemon(CommandLine.arguments.dropFirst()) {
            DetachedThread.start(named: "fonts") { TextLayout.warmUp() }
        }
        do {
            var command = try parse(Array(CommandLine.arguments.dropFirst()))
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
            } else {
                let text = Array(((error as? ConfigFailure)?.description ?? "\(programName): \(message(for: error))").utf8 + [0x0A])
                _ = write(2, text, text.count)
            }
            Glibc.exit(code.rawValue)
        }
    }
}

/// A configuration file's issues: one line each, exit status 1.
struct ConfigFailure: Error, CustomStringConvertible {
    let errors: ConfigErrors
    var description: String { errors.description }
}

/// An error printed as one line, exiting with status 1.
package struct ValidationFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
