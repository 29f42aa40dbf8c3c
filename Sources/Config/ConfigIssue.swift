import JSON

/// One thing wrong in a configuration file: where, which key, what was expected and what
/// was found. Printed as `FILE:LINE: KEY: MESSAGE`, the form editors jump to.
package struct ConfigIssue: Error, Equatable, Sendable, CustomStringConvertible, Comparable {
    package var file: String
    package var line: Int
    /// The dotted key, "widgets.cpu.metric"; empty for the file as a whole.
    package var key: String
    package var message: String

    /// Control characters from the file (an ESC in a key name) are shown escaped, never
    /// sent raw to a terminal or a log.
    package var description: String {
        let place = line > 0 ? "\(Self.escaped(file)):\(line)" : Self.escaped(file)
        return key.isEmpty ? "\(place): \(Self.escaped(message))" : "\(place): \(Self.escaped(key)): \(Self.escaped(message))"
    }

    /// As `lockscreend check` prints a warning: `FILE:LINE: KEY: warning: MESSAGE`.
    package var warning: String { "\(file):\(line): \(key): warning: \(message)" }

    /// `text` with control characters written as `\u{1B}`.
    package static func escaped(_ text: String) -> String { text.escapingControlCharacters }

    package static func < (a: ConfigIssue, b: ConfigIssue) -> Bool {
        (a.line, a.key, a.message) < (b.line, b.key, b.message)
    }
}

/// Every issue of a file at once, in line order.
package struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
    package var issues: [ConfigIssue]
    /// Issues found beyond those kept (`ConfigReader.maximumIssues`).
    package var more = 0

    /// At most this many issues are printed; the rest are counted.
    package static let printed = 100

    package init(issues: [ConfigIssue], more: Int = 0) {
        self.issues = issues
        self.more = more
    }

    package var description: String {
        let sorted = issues.sorted()
        let rest = sorted.count - min(sorted.count, Self.printed) + more
        return (sorted.prefix(Self.printed).map(\.description) + (rest > 0 ? ["… and \(rest) more"] : [])).joined(separator: "\n")
    }
}
