import JSON
import Panel
import Providers
import TimelineEngine

/// A TOML value and the line it was written on, so that a configuration error can point
/// at the line to fix.
package struct TOMLValue: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        /// An offset or local date-time, date or time, as written.
        case datetime(String)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    package var kind: Kind
    /// 1-based.
    package var line: Int

    package init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }

    /// "a string", "an integer", …: what a message says was found.
    package var typeName: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number with a fraction"
        case .boolean: "true or false"
        case .datetime: "a date or time"
        case .array: "an array"
        case .table: "a table"
        }
    }

    /// The value as canonical text, lines left out: equal for equal configurations.
    package var canonical: String {
        switch kind {
        case let .string(s): "\"\(s)\""
        case let .integer(i): String(i)
        case let .float(d): String(d)
        case let .boolean(b): String(b)
        case let .datetime(d): d
        case let .array(items): "[" + items.map(\.canonical).joined(separator: ",") + "]"
        case let .table(t): "{" + t.entries.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.canonical)" }.joined(separator: ",") + "}"
        }
    }

    package var table: TOMLTable? {
        if case let .table(table) = kind { return table }
        return nil
    }
}

/// A TOML table: its keys in the order they were written.
package struct TOMLTable: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: TOMLValue
    }

    package private(set) var entries: [Entry] = []
    /// Where the table was opened (its header, or its first key).
    package var line: Int
    /// Defined by a `[header]` or an inline table, not only implied by a dotted key.
    var isExplicit = false
    /// An inline table or a key/value pair's own table: closed to later additions.
    var isSealed = false

    package init(line: Int) {
        self.line = line
    }

    package subscript(key: String) -> TOMLValue? {
        entries.first { $0.key == key }?.value
    }

    package var keys: [String] { entries.map(\.key) }

    mutating func set(_ key: String, _ value: TOMLValue) {
        if let i = entries.firstIndex(where: { $0.key == key }) {
            entries[i].value = value
        } else {
            entries.append(Entry(key: key, value: value))
        }
    }
}
