import JSON
import Panel
import Providers
import TimelineEngine

/// Reads TOML 1.0 into `TOMLTable`s that remember the line of every key, which a general
/// TOML library does not expose, and which every configuration error names.
///
/// Supported: comments; bare, quoted and dotted keys; `[tables]` and `[[arrays of
/// tables]]`; basic, literal and multi-line strings with escapes; decimal, hexadecimal,
/// octal and binary integers with underscores; floats with `inf` and `nan`; booleans;
/// dates and times (kept as written); arrays over several lines; inline tables.
package struct TOMLParser {
    private let text: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private var lineStart = 0

    private init(_ text: String) {
        self.text = Array(text.unicodeScalars)
    }

    /// The document's root table.
    package static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        var parser = TOMLParser(text)
        return try parser.document()
    }

    // MARK: Reading characters

    private var current: Unicode.Scalar? { position < text.count ? text[position] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        position + offset < text.count ? text[position + offset] : nil
    }

    private mutating func advance() {
        if current == "\n" {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    private func error(_ message: String) -> TOMLError {
        TOMLError(line: line, column: position - lineStart + 1, message: message)
    }

    private func describeCurrent() -> String {
        guard let c = current else { return "the end of the file" }
        switch c {
        case "\n": return "the end of the line"
        case "\t": return "a tab"
        default: return "'\(Character(c))'"
        }
    }

    private func starts(with literal: String) -> Bool {
        var i = position
        for scalar in literal.unicodeScalars {
            guard i < text.count, text[i] == scalar else { return false }
            i += 1
        }
        return true
    }

    private mutating func skip(_ count: Int) {
        for _ in 0..<count { advance() }
    }

    private mutating func skipSpaces() {
        while current == " " || current == "\t" { advance() }
    }

    /// Spaces, comments and newlines (inside arrays, between expressions).
    private mutating func skipBlank() throws(TOMLError) {
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

    private mutating func skipComment() throws(TOMLError) {
        while let c = current, c != "\n" {
            if c.value < 0x20 && c != "\t" && !(c == "\r" && peek(1) == "\n") || c.value == 0x7F {
                throw error("a control character in a comment")
            }
            advance()
        }
    }

    /// After an expression: spaces, an optional comment, then a newline or the end.
    private mutating func endOfLine() throws(TOMLError) {
        skipSpaces()
        if current == "#" { try skipComment() }
        if current == "\r", peek(1) == "\n" { advance() }
        guard current == nil || current == "\n" else { throw error("expected the end of the line, found \(describeCurrent())") }
        if current == "\n" { advance() }
    }

    // MARK: Document

    private mutating func document() throws(TOMLError) -> TOMLTable {
        var root = TOMLTable(line: 1)
        root.isExplicit = true
        var path: [String] = []
        while true {
            try skipBlank()
            guard current != nil else { return root }
            let headerLine = line
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
                try assign(value, to: path + keys, in: &root, headerDepth: path.count, line: headerLine)
            }
            try endOfLine()
        }
    }

    /// A dotted key, then `terminator` (not consumed for "=": the caller reads the value).
    private mutating func key(until terminator: String) throws(TOMLError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            parts.append(try simpleKey())
            skipSpaces()
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

    private mutating func simpleKey() throws(TOMLError) -> String {
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

    private func dotted(_ keys: [String]) -> String {
        keys.map { $0.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) ? "\"\($0)\"" : $0 }.joined(separator: ".")
    }

    /// Walks `keys` from `table`, creating implicit tables, descending into the last table
    /// of an array of tables, and calls `body` on the table reached.
    private func walk<R>(_ keys: ArraySlice<String>, in table: inout TOMLTable, line: Int, sealedCheck: Bool, _ body: (inout TOMLTable) throws(TOMLError) -> R) throws(TOMLError) -> R {
        guard let first = keys.first else { return try body(&table) }
        var child: TOMLValue
        if let existing = table[first] {
            child = existing
        } else {
            child = TOMLValue(.table(TOMLTable(line: line)), line: line)
        }
        let result: R
        switch child.kind {
        case var .table(inner):
            if sealedCheck && inner.isSealed { throw TOMLError(line: line, column: 1, message: "'\(first)' is an inline table and cannot be extended") }
            result = try walk(keys.dropFirst(), in: &inner, line: line, sealedCheck: sealedCheck, body)
            child.kind = .table(inner)
        case var .array(items) where items.last?.table != nil && items.allSatisfy({ $0.table != nil }):
            guard var inner = items.last?.table, !inner.isSealed || !sealedCheck else {
                throw TOMLError(line: line, column: 1, message: "'\(first)' is a static array and cannot be extended")
            }
            result = try walk(keys.dropFirst(), in: &inner, line: line, sealedCheck: sealedCheck, body)
            items[items.count - 1].kind = .table(inner)
            child.kind = .array(items)
        default:
            throw TOMLError(line: line, column: 1, message: "'\(first)' was already given \(child.typeName) on line \(child.line), so it cannot hold keys")
        }
        table.set(first, child)
        return result
    }

    private func openTable(_ keys: [String], in root: inout TOMLTable, line: Int) throws(TOMLError) {
        let name = dotted(keys)
        try walk(keys.dropLast(), in: &root, line: line, sealedCheck: true) { (parent: inout TOMLTable) throws(TOMLError) in
            let last = keys[keys.count - 1]
            if let existing = parent[last] {
                guard case var .table(table) = existing.kind else {
                    throw TOMLError(line: line, column: 1, message: "[\(name)]: '\(last)' was already given \(existing.typeName) on line \(existing.line)")
                }
                if table.isExplicit || table.isSealed {
                    throw TOMLError(line: line, column: 1, message: "[\(name)] is defined twice (first on line \(table.line))")
                }
                table.isExplicit = true
                table.line = line
                parent.set(last, TOMLValue(.table(table), line: line))
            } else {
                var table = TOMLTable(line: line)
                table.isExplicit = true
                parent.set(last, TOMLValue(.table(table), line: line))
            }
        }
    }

    private func openArrayTable(_ keys: [String], in root: inout TOMLTable, line: Int) throws(TOMLError) {
        let name = dotted(keys)
        try walk(keys.dropLast(), in: &root, line: line, sealedCheck: true) { (parent: inout TOMLTable) throws(TOMLError) in
            let last = keys[keys.count - 1]
            var table = TOMLTable(line: line)
            table.isExplicit = true
            let entry = TOMLValue(.table(table), line: line)
            if let existing = parent[last] {
                guard case let .array(items) = existing.kind, items.allSatisfy({ $0.table.map { !$0.isSealed } ?? false }) else {
                    throw TOMLError(line: line, column: 1, message: "[[\(name)]]: '\(last)' was already given \(existing.typeName) on line \(existing.line)")
                }
                parent.set(last, TOMLValue(.array(items + [entry]), line: existing.line))
            } else {
                parent.set(last, TOMLValue(.array([entry]), line: line))
            }
        }
    }

    private func assign(_ value: TOMLValue, to keys: [String], in root: inout TOMLTable, headerDepth: Int, line: Int) throws(TOMLError) {
        let name = dotted(Array(keys[headerDepth...]))
        try walk(keys.dropLast(), in: &root, line: line, sealedCheck: true) { (table: inout TOMLTable) throws(TOMLError) in
            let last = keys[keys.count - 1]
            if let existing = table[last] {
                throw TOMLError(line: line, column: 1, message: "the key '\(name)' is given twice (first on line \(existing.line))")
            }
            table.set(last, value)
        }
    }

    // MARK: Values

    private mutating func value() throws(TOMLError) -> TOMLValue {
        let at = line
        switch current {
        case "\"": return TOMLValue(.string(starts(with: "\"\"\"") ? try multilineBasicString() : try basicString()), line: at)
        case "'": return TOMLValue(.string(starts(with: "'''") ? try multilineLiteralString() : try literalString()), line: at)
        case "[": return try array()
        case "{": return try inlineTable()
        case "t" where starts(with: "true"):
            skip(4)
            return TOMLValue(.boolean(true), line: at)
        case "f" where starts(with: "false"):
            skip(5)
            return TOMLValue(.boolean(false), line: at)
        case nil, "\n":
            throw error("expected a value, found \(describeCurrent())")
        default:
            return try numberOrDate()
        }
    }

    private mutating func array() throws(TOMLError) -> TOMLValue {
        let at = line
        advance()
        var items: [TOMLValue] = []
        while true {
            try skipBlank()
            if current == "]" {
                advance()
                return TOMLValue(.array(items), line: at)
            }
            items.append(try value())
            try skipBlank()
            if current == "," {
                advance()
            } else if current != "]" {
                throw error("expected ',' or ']' in the array opened on line \(at), found \(describeCurrent())")
            }
        }
    }

    private mutating func inlineTable() throws(TOMLError) -> TOMLValue {
        let at = line
        advance()
        var table = TOMLTable(line: at)
        table.isExplicit = true
        skipSpaces()
        if current == "}" {
            advance()
            table.isSealed = true
            return TOMLValue(.table(table), line: at)
        }
        while true {
            let keys = try key(until: "=")
            skipSpaces()
            let value = try self.value()
            try assign(value, to: keys, in: &table, headerDepth: 0, line: at)
            skipSpaces()
            if current == "," {
                advance()
            } else if current == "}" {
                advance()
                table.isSealed = true
                return TOMLValue(.table(table), line: at)
            } else {
                throw error("expected ',' or '}' in the inline table, found \(describeCurrent())")
            }
        }
    }

    private mutating func escape() throws(TOMLError) -> Unicode.Scalar {
        advance()  // the backslash
        guard let c = current else { throw error("an escape at the end of the file") }
        advance()
        switch c {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let count = c == "u" ? 4 : 8
            var hex = ""
            for _ in 0..<count {
                guard let h = current, h.properties.isASCIIHexDigit else { throw error("expected \(count) hex digits after \\\(c)") }
                hex.unicodeScalars.append(h)
                advance()
            }
            guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { throw error("\\\(c)\(hex) is not a Unicode scalar") }
            return scalar
        default:
            throw error("unknown escape \\\(Character(c))")
        }
    }

    private mutating func basicString() throws(TOMLError) -> String {
        advance()
        var result = ""
        while true {
            switch current {
            case nil, "\n": throw error("a string is not closed before the end of the line")
            case "\"":
                advance()
                return result
            case "\\": result.unicodeScalars.append(try escape())
            case let c?:
                result.unicodeScalars.append(c)
                advance()
            }
        }
    }

    private mutating func literalString() throws(TOMLError) -> String {
        advance()
        var result = ""
        while true {
            switch current {
            case nil, "\n": throw error("a string is not closed before the end of the line")
            case "'":
                advance()
                return result
            case let c?:
                result.unicodeScalars.append(c)
                advance()
            }
        }
    }

    private mutating func multilineBasicString() throws(TOMLError) -> String {
        skip(3)
        if current == "\n" { advance() } else if current == "\r", peek(1) == "\n" { skip(2) }
        var result = ""
        while true {
            guard let c = current else { throw error("a multi-line string is not closed") }
            if starts(with: "\"\"\"") {
                // Up to two quotes may sit right before the closing three.
                var extra = 0
                while peek(3 + extra) == "\"", extra < 2 { extra += 1 }
                for _ in 0..<extra { result.unicodeScalars.append("\"") }
                skip(3 + extra)
                return result
            }
            if c == "\\" {
                // A backslash at the end of a line swallows the newline and leading blanks.
                var i = 1
                while peek(i) == " " || peek(i) == "\t" { i += 1 }
                if peek(i) == "\n" || (peek(i) == "\r" && peek(i + 1) == "\n") {
                    advance()
                    while let w = current, w == " " || w == "\t" || w == "\n" || w == "\r" { advance() }
                    continue
                }
                result.unicodeScalars.append(try escape())
                continue
            }
            result.unicodeScalars.append(c)
            advance()
        }
    }

    private mutating func multilineLiteralString() throws(TOMLError) -> String {
        skip(3)
        if current == "\n" { advance() } else if current == "\r", peek(1) == "\n" { skip(2) }
        var result = ""
        while true {
            guard let c = current else { throw error("a multi-line string is not closed") }
            if starts(with: "'''") {
                var extra = 0
                while peek(3 + extra) == "'", extra < 2 { extra += 1 }
                for _ in 0..<extra { result.unicodeScalars.append("'") }
                skip(3 + extra)
                return result
            }
            result.unicodeScalars.append(c)
            advance()
        }
    }

    private mutating func numberOrDate() throws(TOMLError) -> TOMLValue {
        let at = line
        let column = position - lineStart + 1
        var token = ""
        func isTokenScalar(_ c: Unicode.Scalar) -> Bool {
            c.properties.isASCIIHexDigit || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || "+-_.:".unicodeScalars.contains(c)
        }
        while let c = current, isTokenScalar(c) {
            token.unicodeScalars.append(c)
            advance()
        }
        // "1979-05-27 07:32:00": a date, a space, a time.
        if Self.isLocalDate(token),
           current == " ", let d = peek(1), ("0"..."9").contains(d) {
            advance()
            token += "T"
            while let c = current, isTokenScalar(c) {
                token.unicodeScalars.append(c)
                advance()
            }
        }
        let bad = TOMLError(line: at, column: column, message: token.isEmpty ? "expected a value, found \(describeCurrent())" : "'\(token)' is not a TOML value (strings need quotes)")
        guard !token.isEmpty else { throw bad }
        if Self.isDateOrTime(token) {
            return TOMLValue(.datetime(token), line: at)
        }
        switch token {
        case "inf", "+inf": return TOMLValue(.float(.infinity), line: at)
        case "-inf": return TOMLValue(.float(-.infinity), line: at)
        case "nan", "+nan", "-nan": return TOMLValue(.float(.nan), line: at)
        default: break
        }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where token.hasPrefix(prefix) {
            let digits = String(token.dropFirst(2))
            guard Self.underscoresValid(digits), let value = Int(digits.replacingOccurrences(of: "_", with: ""), radix: radix) else { throw bad }
            return TOMLValue(.integer(value), line: at)
        }
        guard Self.underscoresValid(token) else { throw bad }
        let plain = token.replacingOccurrences(of: "_", with: "")
        let unsigned = plain.hasPrefix("+") || plain.hasPrefix("-") ? String(plain.dropFirst()) : plain
        if unsigned.count > 1, unsigned.hasPrefix("0"), !unsigned.hasPrefix("0.") && !unsigned.hasPrefix("0e") && !unsigned.hasPrefix("0E") { throw bad }
        if Self.isInteger(plain) {
            guard let value = Int(plain) else { throw TOMLError(line: at, column: column, message: "'\(token)' does not fit in 64 bits") }
            return TOMLValue(.integer(value), line: at)
        }
        if Self.isFloat(plain), let value = Double(plain) {
            return TOMLValue(.float(value), line: at)
        }
        throw bad
    }

    /// "1979-05-27".
    private static func isLocalDate(_ token: String) -> Bool {
        var scanner = ASCIIScanner(token)
        return date(&scanner) && scanner.isAtEnd
    }

    /// A date, with a time and an offset if any ("1979-05-27T07:32:00.5-07:00"), or a
    /// time alone ("07:32").
    private static func isDateOrTime(_ token: String) -> Bool {
        var scanner = ASCIIScanner(token)
        if date(&scanner) {
            _ = scanner.optionally { dateTime in
                dateTime.take(oneOf: "Tt") && time(&dateTime) && dateTime.optionally { offset in
                    offset.take(oneOf: "Zz") || (offset.take(oneOf: "+-") && offset.digits(2) && offset.take(":") && offset.digits(2))
                }
            }
            return scanner.isAtEnd
        }
        scanner = ASCIIScanner(token)
        return time(&scanner) && scanner.isAtEnd
    }

    private static func date(_ scanner: inout ASCIIScanner) -> Bool {
        scanner.digits(4) && scanner.take("-") && scanner.digits(2) && scanner.take("-") && scanner.digits(2)
    }

    private static func time(_ scanner: inout ASCIIScanner) -> Bool {
        scanner.digits(2) && scanner.take(":") && scanner.digits(2) && scanner.optionally { seconds in
            seconds.take(":") && seconds.digits(2) && seconds.optionally { $0.take(".") && $0.digits() }
        }
    }

    /// "-17", without underscores.
    private static func isInteger(_ token: String) -> Bool {
        var scanner = ASCIIScanner(token)
        return scanner.optionally { $0.take(oneOf: "+-") } && scanner.digits() && scanner.isAtEnd
    }

    /// "6.626e-34", "1e6", "3.14", without underscores.
    private static func isFloat(_ token: String) -> Bool {
        var scanner = ASCIIScanner(token)
        return scanner.optionally { $0.take(oneOf: "+-") } && scanner.digits()
            && scanner.optionally { $0.take(".") && $0.digits() }
            && scanner.optionally { $0.take(oneOf: "eE") && $0.optionally { $0.take(oneOf: "+-") } && $0.digits() }
            && scanner.isAtEnd
    }

    /// Underscores only between digits.
    private static func underscoresValid(_ token: String) -> Bool {
        let scalars = Array(token.unicodeScalars)
        for (i, c) in scalars.enumerated() where c == "_" {
            guard i > 0, i < scalars.count - 1, scalars[i - 1].properties.isASCIIHexDigit, scalars[i + 1].properties.isASCIIHexDigit else { return false }
        }
        return true
    }
}
