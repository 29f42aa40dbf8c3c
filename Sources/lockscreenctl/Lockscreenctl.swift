import ArgumentParser
import FoundationEssentials
import Glibc
import ControlProtocol
import JSON

/// Talks to a running lockscreend over its control socket.
@main
struct Lockscreenctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lockscreenctl",
        abstract: "Control a running lockscreend: reload widgets, push timelines, show status, take a snapshot.",
        subcommands: [Reload.self, Push.self, Status.self, Snapshot.self, Page.self, Tap.self, Refresh.self, Screen.self, ActivityCommand.self])

    /// Errors as one line "lockscreenctl: …", exit status 1. `--socket PATH` may come
    /// before the subcommand too, as people type it.
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count >= 3, arguments[0] == "--socket" {
            let option = arguments[0...1]
            arguments.removeFirst(2)
            // After the subcommands' names and arguments: `activity start` is two deep.
            arguments.append(contentsOf: option)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var command = command as? AsyncParsableCommand { try await command.run() } else { try command.run() }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
            } else {
                let text = Array("lockscreenctl: \(message(for: error).escapingControlCharacters)\n".utf8)
                _ = write(2, text, text.count)
            }
            Glibc.exit(code.rawValue)
        }
    }
}

struct Connection: ParsableArguments {
    @Option(help: ArgumentHelp("The daemon's control socket (default /run/lockscreend.sock as root, else $XDG_RUNTIME_DIR/lockscreend.sock).", valueName: "PATH"))
    var socket: String?

    @Option(help: ArgumentHelp("Give up when the daemon has not answered within this many seconds.", valueName: "SECONDS"))
    var timeout = 10

    func send(_ request: ControlRequest) throws -> ControlReply {
        let path = socket ?? ControlSocket.defaultPath()
        let reply: ControlReply
        do {
            reply = try ControlClient(path: path, timeout: min(max(timeout, 1), 3_600)).send(request)
        } catch {
            throw Failure("\(error)")
        }
        guard reply.ok else { throw Failure(reply.error ?? "the daemon refused the request") }
        return reply
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Lockscreenctl {
    struct Reload: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reload", abstract: "Ask widgets of a kind (or all) for new timelines now, as WidgetCenter.reloadTimelines(ofKind:) does; not charged to their budget.")
        @OptionGroup var connection: Connection
        @Argument(help: "The widget kind.") var kind: String?
        @Flag(help: "Every widget.") var all = false

        func validate() throws {
            guard (kind != nil) != all else { throw ValidationError("give a KIND or --all") }
        }

        func run() throws {
            _ = try connection.send(all ? .reloadAll : .reload(kind: kind ?? ""))
        }
    }

    struct Push: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "push", abstract: "Replace a push widget's timeline with the JSON timeline in FILE (- for standard input).")
        @OptionGroup var connection: Connection
        @Argument(help: "The push widget's name.") var widget: String
        @Argument(help: "The timeline (docs/TIMELINE-JSON.md), or - for standard input.") var file: String

        func run() throws {
            let data: Data
            do {
                // Read no further than a request can carry.
                data = try BoundedInput.read(path: file, limit: ControlRequest.maximumSize - 4_096)
            } catch .tooLarge {
                throw Failure("'\(file)' is larger than 1 MiB")
            } catch {
                throw Failure(error.description)
            }
            guard let timeline = JSONValue.parse(data) else { throw Failure("'\(file)' is \(JSONFailure.of(data) ?? .invalid)") }
            _ = try connection.send(.push(widget: widget, timeline: timeline))
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show every widget: what it shows, whether it is stale, its next reload, budget left and last error.")
        @OptionGroup var connection: Connection
        @Flag(help: "Print the status as JSON.") var json = false

        func run() throws {
            let reply = try connection.send(.status)
            let widgets = reply.widgets ?? []
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(widgets), as: UTF8.self))
                return
            }
            if let screen = reply.screen, screen != .lit { print("screen: \(screen.summary)".escapingControlCharacters) }
            if let fingerprint = reply.https { print("https: certificate SHA-256 \(fingerprint)".escapingControlCharacters) }
            for activity in reply.activities ?? [] {
                print("activity \(activity.token) (\(activity.type)): \(activity.phase)".escapingControlCharacters)
            }
            if let words = reply.activityWords { print("activities show: \(words)".escapingControlCharacters) }
            for w in widgets {
                var line = "\(w.name) (\(w.kind), \(w.family)): shows \(w.shown)\(w.stale ? ", STALE" : ""); \(w.providerCalls) call\(w.providerCalls == 1 ? "" : "s")"
                if let next = w.nextReload { line += "; next reload \(next)" }
                if let left = w.budgetLeft { line += "; \(left) reloads left today" }
                if let error = w.lastError { line += "; last error: \(error)" }
                print(line.escapingControlCharacters)
            }
        }
    }

    struct Page: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "page", abstract: "Show the lock screen, the home page of home-screen widgets, or the other one (next).")
        @OptionGroup var connection: Connection
        @Argument(help: "lock, home, photo or next.") var page: String

        func validate() throws {
            guard ControlRequest.pages.contains(page) else { throw ValidationError("the page is lock, home, photo or next") }
        }

        func run() throws {
            _ = try connection.send(.page(page))
        }
    }

    struct Tap: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tap",
            abstract: "Tap a widget on the page shown, in its middle, as a finger would: its button or toggle there, else its [widgets.NAME.tap] action; or tap the panel at a point (--at X,Y in its pixels)."
        )
        @OptionGroup var connection: Connection
        @Argument(help: "The widget's name in the configuration.") var widget: String?
        @Option(help: "A point of the panel in its pixels, X,Y.") var at: String?

        /// The point of `--at`.
        var point: (x: Double, y: Double)? {
            guard let parts = at?.split(separator: ",", omittingEmptySubsequences: false), parts.count == 2,
                  let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else { return nil }
            return (x, y)
        }

        func validate() throws {
            guard (widget == nil) != (at == nil) else { throw ValidationError("name a widget, or give --at X,Y") }
            guard at == nil || point != nil else { throw ValidationError("--at takes X,Y in the panel's pixels, such as --at 120,40") }
        }

        func run() throws {
            if let point {
                _ = try connection.send(.tapAt(x: point.x, y: point.y))
            } else if let widget {
                _ = try connection.send(.tap(widget: widget))
            }
        }
    }

    struct Refresh: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "refresh", abstract: "Redraw the whole panel: on e-ink a full refresh, which clears ghosting.")
        @OptionGroup var connection: Connection

        func run() throws {
            _ = try connection.send(.refresh)
        }
    }

    struct Screen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "screen",
            abstract: "Switch the screen off or on until the [display] off schedule next changes, or back to the schedule (auto); without an argument, say whether it is lit and why.")
        @OptionGroup var connection: Connection
        @Argument(help: "on, off or auto.") var power: String?

        func validate() throws {
            if let power, !ControlRequest.powers.contains(power) { throw ValidationError("the screen is switched on, off or auto") }
        }

        func run() throws {
            if let power {
                _ = try connection.send(.screen(power: power))
            } else {
                print((try connection.send(.status).screen ?? .lit).summary)
            }
        }
    }

    struct Snapshot: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Write what the display shows now as a PNG (the daemon sends it; this command writes the file, with your rights).")
        @OptionGroup var connection: Connection
        @Argument(help: "The PNG file.") var file: String

        func run() throws {
            guard let png = try connection.send(.snapshot).png else { throw Failure("the daemon sent no picture") }
            do {
                try png.write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw Failure("cannot write '\(file)': \(error)")
            }
            print(file)
        }
    }
}
