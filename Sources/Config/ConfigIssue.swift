import Panel
import Providers
import TimelineEngine

/// One thing wrong in a configuration file: where, which key, what was expected and what
/// was found. Printed as `FILE:LINE: KEY: MESSAGE`, the form editors jump to.
package struct ConfigIssue: Error, Equatable, Sendable, CustomStringConvertible, Comparable {
    package var file: String
    package var line: Int
    /// The dotted key, "widgets.cpu.metric"; empty for the file as a whole.
    package var key: String
    package var message: String

    package var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        return key.isEmpty ? "\(place): \(message)" : "\(place): \(key): \(message)"
    }

    package static func < (a: ConfigIssue, b: ConfigIssue) -> Bool {
        (a.line, a.key, a.message) < (b.line, b.key, b.message)
    }
}

/// Every issue of a file at once, in line order.
package struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
    package var issues: [ConfigIssue]

    package var description: String { issues.sorted().map(\.description).joined(separator: "\n") }
}
