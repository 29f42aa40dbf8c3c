
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
    /// An array made by `[[headers]]`, which later headers may extend; an array written
    /// as a value (`x = [...]`) is closed.
    var isArrayOfTables = false

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

    var items: [TOMLValue]? {
        if case let .array(items) = kind { return items }
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
    /// Where each key is in `entries`: a lookup in a table of 40,000 keys is one hash, not
    /// a walk over the keys before it.
    private var positions: [String: Int] = [:]
    /// Where the table was opened (its header, or its first key).
    package var line: Int
    /// What made the table, which decides what may add to it later (TOML 1.0).
    var origin = Origin.implied
    /// An inline table or a key/value pair's own table: closed to later additions.
    var isSealed = false

    package init(line: Int) {
        self.line = line
    }

    init(line: Int, origin: Origin) {
        self.line = line
        self.origin = origin
    }

    /// What made a table.
    enum Origin: Equatable, Sendable {
        /// Named on the way to a header's table (`a` of `[a.b]`): a header may still define it.
        case implied
        /// Its own `[header]` (or the document's root), or an inline table.
        case defined
        /// Made or entered by the dotted keys of section `n` (`a.b = 1`): the same section's
        /// dotted keys may add to it, no header and no other section may.
        case dotted(section: Int)
    }

    package subscript(key: String) -> TOMLValue? {
        positions[key].map { entries[$0].value }
    }

    package var keys: [String] { entries.map(\.key) }

    mutating func set(_ key: String, _ value: TOMLValue) {
        if let i = positions[key] {
            entries[i].value = value
        } else {
            positions[key] = entries.count
            entries.append(Entry(key: key, value: value))
        }
    }

    /// Takes `key`'s value out, leaving a placeholder until `set` puts it back: the value
    /// then has no other owner, so changing a table inside it changes it in place instead of
    /// copying it (a copy per key made reading a table of n keys take n² steps).
    mutating func take(_ key: String) -> TOMLValue? {
        guard let i = positions[key] else { return nil }
        let value = entries[i].value
        entries[i].value = TOMLValue(.boolean(false), line: value.line)
        return value
    }
}
