
/// Reads TOML 1.0 into `TOMLTable`s that remember the line of every key, which a general
/// TOML library does not expose, and which every configuration error names.
///
/// Supported: comments; bare, quoted and dotted keys; `[tables]` and `[[arrays of
/// tables]]`; basic, literal and multi-line strings with escapes; decimal, hexadecimal,
/// octal and binary integers with underscores; floats with `inf` and `nan`; booleans;
/// dates and times (kept as written); arrays over several lines; inline tables.
package struct TOMLParser {
    let text: [Unicode.Scalar]
    var position = 0
    var line = 1
    var lineStart = 0
    /// How many arrays and inline tables enclose the value being read.
    var depth = 0
    /// How many headers have been read: the section key/value lines belong to.
    var section = 0

    /// Arrays and inline tables nest at most this deep: values are read recursively, and
    /// 50,000 `[` would exhaust the stack. Real configurations nest two or three deep.
    static let maximumDepth = 64
    /// The largest file read: 1 MiB, a hundred times a large configuration.
    package static let maximumSize = 1 << 20

    private init(_ text: String) {
        self.text = Array(text.unicodeScalars)
        // A byte order mark, as some Windows editors save, is not part of the document.
        if self.text.first == "\u{FEFF}" {
            position = 1
            lineStart = 1
        }
    }

    /// The document's root table.
    package static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        guard text.utf8.count <= maximumSize else {
            throw TOMLError(line: 1, column: 1, message: "the file is \(text.utf8.count) bytes; a configuration may be at most \(maximumSize)")
        }
        var parser = TOMLParser(text)
        return try parser.document()
    }

    // MARK: Reading characters

    var current: Unicode.Scalar? { position < text.count ? text[position] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        position + offset < text.count ? text[position + offset] : nil
    }

    mutating func advance() {
        if current == "\n" {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    func error(_ message: String) -> TOMLError {
        TOMLError(line: line, column: position - lineStart + 1, message: message)
    }

    func describeCurrent() -> String {
        guard let c = current else { return "the end of the file" }
        switch c {
        case "\n": return "the end of the line"
        case "\t": return "a tab"
        default: return "'\(Character(c))'"
        }
    }

    func starts(with literal: String) -> Bool {
        var i = position
        for scalar in literal.unicodeScalars {
            guard i < text.count, text[i] == scalar else { return false }
            i += 1
        }
        return true
    }

    mutating func skip(_ count: Int) {
        for _ in 0..<count { advance() }
    }

    mutating func skipSpaces() {
        while current == " " || current == "\t" { advance() }
    }

    /// Spaces, comments and newlines (inside arrays, between expressions).
    mutating func skipBlank() throws(TOMLError) {
        while let c = current {
            if c == " " || c == "\t" || c == "\n" {
                advance()
            } else if c == "\r", peek(1) == "\n" {
                advance()
            } else if c == "#" {
                try skipComment()
            } else {
                return
            }
        }
    }

    mutating func skipComment() throws(TOMLError) {
        while let c = current, c != "\n" {
            if c.value < 0x20 && c != "\t" && !(c == "\r" && peek(1) == "\n") || c.value == 0x7F {
                throw error("a control character in a comment")
            }
            advance()
        }
    }

    /// After an expression: spaces, an optional comment, then a newline or the end.
    mutating func endOfLine() throws(TOMLError) {
        skipSpaces()
        if current == "#" { try skipComment() }
        if current == "\r", peek(1) == "\n" { advance() }
        guard current == nil || current == "\n" else { throw error("expected the end of the line, found \(describeCurrent())") }
        if current == "\n" { advance() }
    }

    // MARK: Document

    mutating func document() throws(TOMLError) -> TOMLTable {
        var root = TOMLTable(line: 1, origin: .defined)
        var path: [String] = []
        while true {
            try skipBlank()
            guard current != nil else { return root }
            let headerLine = line
            if current == "[" { section += 1 }
            if starts(with: "[[") {
                skip(2)
                let keys = try key(until: "]]")
                try openArrayTable(keys, in: &root, line: headerLine)
                path = keys
            } else if current == "[" {
                advance()
                let keys = try key(until: "]")
                try openTable(keys, in: &root, line: headerLine)
                path = keys
            } else {
                let keys = try key(until: "=")
                skipSpaces()
                let value = try self.value()
                try assign(value, to: path + keys, in: &root, headerDepth: path.count, section: section, line: headerLine)
            }
            try endOfLine()
        }
    }

    /// A dotted key, then `terminator` (not consumed for "=": the caller reads the value).
    mutating func key(until terminator: String) throws(TOMLError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            parts.append(try simpleKey())
            skipSpaces()
            if current == ".", parts.count >= Self.maximumDepth {
                throw error("a dotted key of more than \(Self.maximumDepth) parts")
            }
            if current == "." {
                advance()
                continue
            }
            guard starts(with: terminator) else {
                throw error(terminator == "=" ? "expected '=' after the key '\(parts.joined(separator: "."))', found \(describeCurrent())" : "expected '\(terminator)' to close the header, found \(describeCurrent())")
            }
            skip(terminator.unicodeScalars.count)
            return parts
        }
    }

    mutating func simpleKey() throws(TOMLError) -> String {
        switch current {
        case "\"": return try basicString()
        case "'": return try literalString()
        default:
            var key = ""
            while let c = current, c.properties.isASCIIHexDigit || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-" {
                key.unicodeScalars.append(c)
                advance()
            }
            guard !key.isEmpty else { throw error("expected a key, found \(describeCurrent())") }
            return key
        }
    }

    // MARK: Building tables

    func dotted(_ keys: [String]) -> String {
        keys.map { $0.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) ? "\"\($0)\"" : $0 }.joined(separator: ".")
    }

    /// Walks `keys` from `table`, creating tables on the way, descending into the last
    /// table of an array of tables, and calls `body` on the table reached. Keys from
    /// position `dottedFrom` on are a dotted key of section `section`, which may only pass
    /// through tables that section's dotted keys made or entered (TOML 1.0: a table is
    /// defined once, by a header or by dotted keys); the keys before are a header's path.
    func walk<R>(_ keys: ArraySlice<String>, in table: inout TOMLTable, dottedFrom: Int, section: Int, line: Int, _ body: (inout TOMLTable) throws(TOMLError) -> R) throws(TOMLError) -> R {
        guard let first = keys.first else { return try body(&table) }
        let isDotted = keys.startIndex >= dottedFrom
        func refuse(_ why: String) -> TOMLError { TOMLError(line: line, column: 1, message: "'\(first)' \(why)") }
        // Taken out and put back, so each level has one owner and changes in place.
        var child = table.take(first) ?? TOMLValue(.table(TOMLTable(line: line, origin: isDotted ? .dotted(section: section) : .implied)), line: line)
        defer { table.set(first, child) }
        // Each level's value is moved out of its holder before it changes, never bound
        // by a pattern: a `switch` keeps its subject alive, so a table changed inside one
        // is a copy, made once per key.
        if var inner = child.table {
            child.kind = .boolean(false)
            defer { child.kind = .table(inner) }
            if inner.isSealed { throw refuse("is an inline table and cannot be extended") }
            if isDotted {
                switch inner.origin {
                case .defined: throw refuse("is a table defined on line \(inner.line); a dotted key cannot add to it from another table")
                case let .dotted(earlier) where earlier != section: throw refuse("was made by dotted keys under another header (line \(inner.line)); add to it there")
                default: inner.origin = .dotted(section: section)
                }
            }
            return try walk(keys.dropFirst(), in: &inner, dottedFrom: dottedFrom, section: section, line: line, body)
        }
        guard var items = child.items else {
            throw refuse("was already given \(child.typeName) on line \(child.line), so it cannot hold keys")
        }
        guard child.isArrayOfTables, !isDotted else {
            throw refuse("is an array written as a value on line \(child.line) and cannot be extended")
        }
        guard var inner = items.last?.table else { throw refuse("is an empty array") }
        child.kind = .boolean(false)
        items[items.count - 1].kind = .boolean(false)
        defer {
            items[items.count - 1].kind = .table(inner)
            child.kind = .array(items)
        }
        return try walk(keys.dropFirst(), in: &inner, dottedFrom: dottedFrom, section: section, line: line, body)
    }

    func openTable(_ keys: [String], in root: inout TOMLTable, line: Int) throws(TOMLError) {
        let name = dotted(keys)
        try walk(keys.dropLast(), in: &root, dottedFrom: keys.count, section: section, line: line) { (parent: inout TOMLTable) throws(TOMLError) in
            let last = keys[keys.count - 1]
            guard var existing = parent.take(last) else {
                parent.set(last, TOMLValue(.table(TOMLTable(line: line, origin: .defined)), line: line))
                return
            }
            defer { parent.set(last, existing) }
            guard case var .table(table) = existing.kind else {
                throw TOMLError(line: line, column: 1, message: "[\(name)]: '\(last)' was already given \(existing.typeName) on line \(existing.line)")
            }
            switch table.origin {
            case .implied: break
            case .defined: throw TOMLError(line: line, column: 1, message: "[\(name)] is defined twice (first on line \(table.line))")
            case .dotted: throw TOMLError(line: line, column: 1, message: "[\(name)] was already made by dotted keys on line \(table.line)")
            }
            existing.kind = .boolean(false)
            table.origin = .defined
            table.line = line
            existing = TOMLValue(.table(table), line: line)
        }
    }

    func openArrayTable(_ keys: [String], in root: inout TOMLTable, line: Int) throws(TOMLError) {
        let name = dotted(keys)
        try walk(keys.dropLast(), in: &root, dottedFrom: keys.count, section: section, line: line) { (parent: inout TOMLTable) throws(TOMLError) in
            let last = keys[keys.count - 1]
            let entry = TOMLValue(.table(TOMLTable(line: line, origin: .defined)), line: line)
            guard var existing = parent.take(last) else {
                var array = TOMLValue(.array([entry]), line: line)
                array.isArrayOfTables = true
                parent.set(last, array)
                return
            }
            defer { parent.set(last, existing) }
            guard existing.isArrayOfTables, case var .array(items) = existing.kind else {
                throw TOMLError(line: line, column: 1, message: "[[\(name)]]: '\(last)' was already given \(existing.typeName) on line \(existing.line)")
            }
            existing.kind = .boolean(false)
            items.append(entry)
            existing.kind = .array(items)
        }
    }

    func assign(_ value: TOMLValue, to keys: [String], in root: inout TOMLTable, headerDepth: Int, section: Int, line: Int) throws(TOMLError) {
        try walk(keys.dropLast(), in: &root, dottedFrom: headerDepth, section: section, line: line) { (table: inout TOMLTable) throws(TOMLError) in
            let last = keys[keys.count - 1]
            if let existing = table[last] {
                throw TOMLError(line: line, column: 1, message: "the key '\(dotted(Array(keys[headerDepth...])))' is given twice (first on line \(existing.line))")
            }
            table.set(last, value)
        }
    }
}
