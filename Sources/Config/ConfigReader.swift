import FoundationEssentials
import JSON
import TOML
import ProviderOptions

/// Reads typed values out of a parsed TOML table, collecting an issue (file, line, key,
/// expected, found) for every mistake instead of stopping at the first, and flagging keys
/// nobody asked for, with the closest known key as a hint.
package struct ConfigReader {
    package let file: String
    /// Where the files the configuration names are asked after.
    package let files: any ConfigFiles
    package private(set) var issues: [ConfigIssue] = []
    /// Every user can read the file: secrets must come from elsewhere.
    package var worldReadable = false
    /// A widget read so far fetches over HTTP.
    package var fetchesOverHTTP = false
    /// Set once an `[mqtt]` table names a broker: `mqtt` widgets need one.
    package var hasMQTTBroker = false
    /// The statestream base topic `[mqtt]` names, for homeassistant widgets.
    package var statestream: String?
    /// `[homeassistant]`: its REST API and the file with a long-lived token.
    package var homeAssistantAPI: (url: URL, tokenFile: String)?
    /// The secret files named so far (`secretFile`), for the daemon's permission check.
    package var secretFiles: [String] = []
    /// The calendar files the widgets read (as written, resolved against `directory`),
    /// for `check` to read through.
    package var calendarFiles: [String] = []
    /// The mqtt widgets read, by name: the filters the daemon subscribes to.
    package var mqttFilters: [String: MQTTTopicFilter] = [:]
    /// The file's directory, for paths written relative to it.
    package var directory: String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// A reader of the file `file`, asking `files` after the files it names.
    package init(file: String, files: any ConfigFiles) {
        self.file = file
        self.files = files
    }

    /// Issues past `maximumIssues`, counted and not kept: a 5 MB array of one wrong name
    /// must not become a million lines of errors.
    package private(set) var moreIssues = 0
    static let maximumIssues = 1_000

    /// What is not a mistake of the file but will show on the screen (a folder not there
    /// yet, on a share that mounts later): `check` prints them, the daemon logs them.
    package private(set) var warnings: [ConfigIssue] = []

    package mutating func warn(_ line: Int, _ key: String, _ message: String) {
        if warnings.count < 100 { warnings.append(ConfigIssue(file: file, line: line, key: key, message: message)) }
    }

    package mutating func report(_ line: Int, _ key: String, _ message: String) {
        guard issues.count < Self.maximumIssues else { return moreIssues += 1 }
        issues.append(ConfigIssue(file: file, line: line, key: key, message: message))
    }

    /// `value` as written, for "found …"; a long string cut to its first 60 characters.
    static func shown(_ value: TOMLValue) -> String {
        switch value.kind {
        case let .string(s): s.count > 60 ? "\"\(s.prefix(60))…\" (\(s.utf8.count) bytes)" : "\"\(s)\""
        case let .integer(i): String(i)
        case let .float(d): String(d)
        case let .boolean(b): String(b)
        case let .datetime(d): d
        case .array: "an array"
        case .table: "a table"
        }
    }

    mutating func mismatch(_ value: TOMLValue, _ key: String, expected: String) {
        report(value.line, key, "expected \(expected), found \(Self.shown(value))")
    }

    package mutating func string(_ table: TOMLTable, _ name: String, at path: String) -> String? {
        guard let value = table[name] else { return nil }
        guard case let .string(s) = value.kind else {
            mismatch(value, Self.join(path, name), expected: "a string in quotes")
            return nil
        }
        return s
    }

    package mutating func integer(_ table: TOMLTable, _ name: String, at path: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = table[name] else { return nil }
        guard case let .integer(i) = value.kind, range.contains(i) else {
            mismatch(value, Self.join(path, name), expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return i
    }

    /// A length of time in seconds: a whole number in the key's own `unit` (60 for a key
    /// documented in minutes), or a string with its unit — "45s", "5m", "2h", "1d" — so no
    /// one has to remember which keys count minutes. Outside `range` (in seconds) is a mistake.
    package mutating func duration(_ table: TOMLTable, _ name: String, at path: String, unit: Int, in range: ClosedRange<Int>) -> TimeInterval? {
        guard let value = table[name] else { return nil }
        var seconds: Int?
        switch value.kind {
        case let .integer(i):
            seconds = i.multipliedReportingOverflow(by: unit).overflow ? nil : i * unit
        case let .string(text):
            let trimmed = text.filter { $0 != " " }
            let scale = ["s": 1, "m": 60, "h": 3_600, "d": 86_400][String(trimmed.suffix(1))]
            if let scale, trimmed.count <= 10, let count = Int(trimmed.dropLast()), count >= 0 { seconds = count * scale }
        default:
            break
        }
        guard let seconds, range.contains(seconds) else {
            func shown(_ s: Int) -> String { s % 86_400 == 0 ? "\(s / 86_400)d" : s % 3_600 == 0 ? "\(s / 3_600)h" : s % 60 == 0 ? "\(s / 60)m" : "\(s)s" }
            let bounds = unit == 60 ? "\(range.lowerBound / 60) to \(range.upperBound / 60) minutes" : "\(range.lowerBound) to \(range.upperBound) seconds"
            mismatch(value, Self.join(path, name), expected: "\(bounds), as a number or with a unit (\"\(shown(range.lowerBound))\" to \"\(shown(range.upperBound))\")")
            return nil
        }
        return TimeInterval(seconds)
    }

    /// A whole number or one with a fraction, inside `range` when given; `expected` says
    /// what a wrong value should have been.
    package mutating func number(_ table: TOMLTable, _ name: String, at path: String, in range: ClosedRange<Double>? = nil, expected: String) -> Double? {
        guard let value = table[name] else { return nil }
        let number: Double? = switch value.kind {
        case let .integer(i): Double(i)
        case let .float(d): d
        default: nil
        }
        guard let number, range?.contains(number) ?? true else {
            mismatch(value, Self.join(path, name), expected: expected)
            return nil
        }
        return number
    }

    /// A program and its arguments: a non-empty array of strings.
    package mutating func arguments(_ table: TOMLTable, _ name: String, at path: String) -> [String]? {
        guard let value = table[name] else { return nil }
        guard case let .array(items) = value.kind, !items.isEmpty, items.allSatisfy({ if case .string = $0.kind { true } else { false } }) else {
            mismatch(value, Self.join(path, name), expected: "an array of strings, the program and its arguments (e.g. [\"python3\", \"tube.py\"]; [\"sh\", \"-c\", \"…\"] for a shell)")
            return nil
        }
        return items.compactMap { if case let .string(s) = $0.kind { s } else { nil } }
    }

    package mutating func boolean(_ table: TOMLTable, _ name: String, at path: String) -> Bool? {
        guard let value = table[name] else { return nil }
        guard case let .boolean(b) = value.kind else {
            mismatch(value, Self.join(path, name), expected: "true or false")
            return nil
        }
        return b
    }

    package mutating func table(_ table: TOMLTable, _ name: String, at path: String) -> TOMLTable? {
        guard let value = table[name] else { return nil }
        guard case let .table(t) = value.kind else {
            mismatch(value, Self.join(path, name), expected: "a table ([\(Self.join(path, name))])")
            return nil
        }
        return t
    }

    /// One of `choices`, with a hint when the text is close to one.
    package mutating func choice(_ table: TOMLTable, _ name: String, at path: String, from choices: [String]) -> String? {
        guard let value = table[name] else { return nil }
        guard case let .string(s) = value.kind, choices.contains(s) else {
            var message = "expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), found \(Self.shown(value))"
            if case let .string(s) = value.kind, let near = Spelling.nearest(s, in: choices) { message += " (did you mean \"\(near)\"?)" }
            report(value.line, Self.join(path, name), message)
            return nil
        }
        return s
    }

    /// Reports every key of `table` not in `known`, suggesting the closest known one.
    package mutating func rejectUnknown(_ table: TOMLTable, known: [String], at path: String) {
        for entry in table.entries where !known.contains(entry.key) {
            var message = "unknown key"
            if let near = Spelling.nearest(entry.key, in: known) { message += " (did you mean '\(near)'?)" }
            message += known.isEmpty ? "" : "; expected one of \(known.joined(separator: ", "))"
            report(entry.value.line, Self.join(path, entry.key), message)
        }
    }

    static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
}
