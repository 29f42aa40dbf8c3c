import ArgumentParser
import ControlProtocol
import FoundationEssentials
import JSON

/// `lockscreenctl activity start|update|end|push`: Live Activities from a shell, as a
/// server's APNs pushes drive them.
struct ActivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "Start, update or end a Live Activity, or send an APNs-shaped push from a file.",
        subcommands: [Start.self, Update.self, End.self, Push.self, List.self])

    /// The state and dates every event may carry. Without `--state`, the daemon's own
    /// activity's fields build it.
    struct Content: ParsableArguments {
        @Option(help: ArgumentHelp("The content state as JSON (the activity's ContentState).", valueName: "JSON")) var state: String?
        @Option(help: "The built-in activity's title.") var title: String?
        @Option(help: "The built-in activity's message.") var message: String?
        @Option(help: "The built-in activity's short value (\"12 min\").") var value: String?
        @Option(help: "The built-in activity's progress, 0 to 1.") var progress: Double?
        @Option(help: ArgumentHelp("The built-in activity's countdown end, in seconds since 1970.", valueName: "SECONDS")) var ends: Double?
        @Option(help: "The built-in activity's SF Symbol.") var symbol: String?
        @Option(help: ArgumentHelp("When the content goes stale, in seconds since 1970.", valueName: "SECONDS")) var staleDate: Double?
        @Option(help: "Orders several activities: the highest first.") var relevance: Double?
        @Option(help: "5 lets the update wait for the panel's next update; 10 (the default) shows it at once.") var priority: Int?

        /// The state as JSON, or nil when none was given.
        func contentState() throws -> JSONValue? {
            if let state {
                guard let parsed = JSONValue.parse(Data(state.utf8)), case .object = parsed else { throw Failure("--state must be a JSON object") }
                return parsed
            }
            var fields: [String: JSONValue] = [:]
            if let title { fields["title"] = .string(title) }
            if let message { fields["message"] = .string(message) }
            if let value { fields["value"] = .string(value) }
            if let progress { fields["progress"] = .number(progress) }
            if let ends { fields["ends"] = .number(ends) }
            if let symbol { fields["symbol"] = .string(symbol) }
            return fields.isEmpty ? nil : .object(fields)
        }

        /// The `aps` object for `event`.
        func aps(_ event: String) throws -> [String: JSONValue] {
            var aps: [String: JSONValue] = ["event": .string(event), "timestamp": .number(Date().timeIntervalSince1970.rounded(.down))]
            if let state = try contentState() { aps["content-state"] = state }
            if let staleDate { aps["stale-date"] = .number(staleDate) }
            if let relevance { aps["relevance-score"] = .number(relevance) }
            return aps
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start an activity addressed by TOKEN (8 to 128 hex digits of your choosing).")
        @OptionGroup var connection: Connection
        @Argument(help: "The activity's token.") var token: String
        @Option(help: "The ActivityAttributes type that draws it.") var type = "LockScreenActivity"
        @Option(help: ArgumentHelp("The attributes as JSON.", valueName: "JSON")) var attributes = "{}"
        @OptionGroup var content: Content

        func run() throws {
            var aps = try content.aps("start")
            guard aps["content-state"] != nil else { throw Failure("a start needs --state or the built-in activity's fields (--title, --message, …)") }
            guard let parsed = JSONValue.parse(Data(attributes.utf8)), case .object = parsed else { throw Failure("--attributes must be a JSON object") }
            aps["attributes-type"] = .string(type)
            aps["attributes"] = parsed
            _ = try connection.send(.activity(token: token, payload: .object(["aps": .object(aps)]), priority: content.priority))
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Replace an activity's content state.")
        @OptionGroup var connection: Connection
        @Argument(help: "The activity's token.") var token: String
        @Option(help: "An alert's title, shown with the update for a moment.") var alertTitle: String?
        @Option(help: "An alert's body.") var alertBody: String?
        @OptionGroup var content: Content

        func run() throws {
            var aps = try content.aps("update")
            guard aps["content-state"] != nil else { throw Failure("an update needs --state or the built-in activity's fields (--title, --message, …)") }
            if alertTitle != nil || alertBody != nil {
                aps["alert"] = .object(["title": .string(alertTitle ?? ""), "body": .string(alertBody ?? "")])
            }
            _ = try connection.send(.activity(token: token, payload: .object(["aps": .object(aps)]), priority: content.priority))
        }
    }

    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End an activity; it stays on screen up to four hours, or until --dismissal-date.")
        @OptionGroup var connection: Connection
        @Argument(help: "The activity's token.") var token: String
        @Option(help: ArgumentHelp("When it leaves the screen, in seconds since 1970 (now: at once).", valueName: "SECONDS")) var dismissalDate: Double?
        @OptionGroup var content: Content

        func run() throws {
            var aps = try content.aps("end")
            if let dismissalDate { aps["dismissal-date"] = .number(dismissalDate) }
            _ = try connection.send(.activity(token: token, payload: .object(["aps": .object(aps)]), priority: content.priority))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the activities on screen, the most relevant first, and what the band says.")
        @OptionGroup var connection: Connection
        @Flag(help: "Print them as JSON: {\"activities\": [...], \"words\": \"…\"}.") var json = false

        func run() throws {
            let reply = try connection.send(.status)
            if json {
                struct Listing: Encodable {
                    var activities: [ActivityStatus]
                    var words: String?
                }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(Listing(activities: reply.activities ?? [], words: reply.activityWords)), as: UTF8.self))
                return
            }
            for activity in reply.activities ?? [] {
                print("\(activity.token) (\(activity.type)): \(activity.phase), relevance \(activity.relevance)".escapingControlCharacters)
            }
            if let words = reply.activityWords { print("shows: \(words)".escapingControlCharacters) }
        }
    }

    struct Push: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send the APNs payload in FILE (- for standard input) to the activity TOKEN, unchanged.")
        @OptionGroup var connection: Connection
        @Argument(help: "The activity's token.") var token: String
        @Argument(help: "The payload: {\"aps\": {\"event\": …}}, or - for standard input.") var file: String
        @Option(help: "The push's apns-priority: 5 or 10.") var priority: Int?

        func run() throws {
            let data: Data
            do {
                data = try BoundedInput.read(path: file, limit: 8_192)
            } catch .tooLarge {
                throw Failure("'\(file)' is larger than an activity push may be (8 KB)")
            } catch {
                throw Failure(error.description)
            }
            guard let payload = JSONValue.parse(data) else { throw Failure("'\(file)' is \(JSONFailure.of(data) ?? .invalid)") }
            _ = try connection.send(.activity(token: token, payload: payload, priority: priority))
        }
    }
}
