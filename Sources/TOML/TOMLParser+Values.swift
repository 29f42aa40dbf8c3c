extension TOMLParser {
    // MARK: Values

    mutating func value() throws(TOMLError) -> TOMLValue {
        let at = line
        switch current {
        case "\"": return TOMLValue(.string(starts(with: "\"\"\"") ? try multilineBasicString() : try basicString()), line: at)
        case "'": return TOMLValue(.string(starts(with: "'''") ? try multilineLiteralString() : try literalString()), line: at)
        case "[", "{":
            guard depth < Self.maximumDepth else { throw error("arrays and inline tables nest more than \(Self.maximumDepth) deep") }
            depth += 1
            defer { depth -= 1 }
            return current == "[" ? try array() : try inlineTable()
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

    mutating func array() throws(TOMLError) -> TOMLValue {
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

    mutating func inlineTable() throws(TOMLError) -> TOMLValue {
        let at = line
        advance()
        var table = TOMLTable(line: at, origin: .defined)
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
            try assign(value, to: keys, in: &table, headerDepth: 0, section: section, line: at)
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

    mutating func escape() throws(TOMLError) -> Unicode.Scalar {
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

    /// A character of a one-line string as written: control characters other than tab
    /// must be escaped (TOML 1.0).
    mutating func literalCharacter(_ c: Unicode.Scalar, into result: inout String) throws(TOMLError) {
        if (c.value < 0x20 && c != "\t") || c.value == 0x7F {
            throw error("a control character (U+\(String(c.value, radix: 16, uppercase: true))) in a string; write it as an escape")
        }
        result.unicodeScalars.append(c)
        advance()
    }

    /// A character of a multi-line string as written: newlines too, a carriage return
    /// only before one.
    mutating func multilineCharacter(_ c: Unicode.Scalar, into result: inout String) throws(TOMLError) {
        if c == "\r" && peek(1) == "\n" {
            advance()  // CRLF is read as LF, as Python's tomllib does
        } else if c == "\n" {
            result.unicodeScalars.append(c)
            advance()
        } else {
            try literalCharacter(c, into: &result)
        }
    }

    mutating func basicString() throws(TOMLError) -> String {
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
                try literalCharacter(c, into: &result)
            }
        }
    }

    mutating func literalString() throws(TOMLError) -> String {
        advance()
        var result = ""
        while true {
            switch current {
            case nil, "\n": throw error("a string is not closed before the end of the line")
            case "'":
                advance()
                return result
            case let c?:
                try literalCharacter(c, into: &result)
            }
        }
    }

    mutating func multilineBasicString() throws(TOMLError) -> String {
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
            try multilineCharacter(c, into: &result)
        }
    }

    mutating func multilineLiteralString() throws(TOMLError) -> String {
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
            try multilineCharacter(c, into: &result)
        }
    }

    mutating func numberOrDate() throws(TOMLError) -> TOMLValue {
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
        switch Self.dateOrTime(token) {
        case true?: return TOMLValue(.datetime(token), line: at)
        case false?: throw TOMLError(line: at, column: column, message: "'\(token)' is no real date or time (months 1–12, days within the month, hours 0–23, minutes and seconds 0–59)")
        case nil:
            if Self.dateOrTime(token + ":00") == true {
                throw TOMLError(line: at, column: column, message: "'\(token)' needs its seconds in TOML 1.0: \(token):00")
            }
        }
        switch token {
        case "inf", "+inf": return TOMLValue(.float(.infinity), line: at)
        case "-inf": return TOMLValue(.float(-.infinity), line: at)
        case "nan", "+nan", "-nan": return TOMLValue(.float(.nan), line: at)
        default: break
        }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where token.hasPrefix(prefix) {
            let digits = String(token.dropFirst(2))
            let isDigit = { (c: Unicode.Scalar) in c.properties.isASCIIHexDigit && Int(String(c), radix: radix) != nil }
            guard !digits.isEmpty, Self.underscoresValid(digits, isDigit), digits.unicodeScalars.allSatisfy({ isDigit($0) || $0 == "_" }) else { throw bad }
            guard let value = Int(digits.replacing("_", with: ""), radix: radix) else { throw TOMLError(line: at, column: column, message: "'\(token)' does not fit in 64 bits") }
            return TOMLValue(.integer(value), line: at)
        }
        guard Self.underscoresValid(token, { ("0"..."9").contains($0) }) else { throw bad }
        let plain = token.replacing("_", with: "")
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
        var real = true
        return date(&scanner, &real) && scanner.isAtEnd
    }

    /// A date, with a time and an offset if any ("1979-05-27T07:32:00.5-07:00"), or a
    /// time alone ("07:32:00"): nil when the token is not shaped so, false when it is
    /// but names no real moment (February 30, hour 25, offset +25:00).
    static func dateOrTime(_ token: String) -> Bool? {
        var scanner = ASCIIScanner(token)
        var real = true
        if date(&scanner, &real) {
            if scanner.take(oneOf: "Tt") {
                guard time(&scanner, &real) else { return nil }
                if scanner.take(oneOf: "+-") {
                    guard let hours = scanner.number(2), scanner.take(":"), let minutes = scanner.number(2) else { return nil }
                    real = real && hours < 24 && minutes < 60
                } else {
                    _ = scanner.take(oneOf: "Zz")
                }
            }
            return scanner.isAtEnd ? real : nil
        }
        scanner = ASCIIScanner(token)
        return time(&scanner, &real) && scanner.isAtEnd ? real : nil
    }

    private static func date(_ scanner: inout ASCIIScanner, _ real: inout Bool) -> Bool {
        guard let year = scanner.number(4), scanner.take("-"), let month = scanner.number(2), scanner.take("-"), let day = scanner.number(2) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        real = real && (1...12).contains(month) && (1...days[month - 1]).contains(day)
        return true
    }

    /// HH:MM:SS with an optional fraction: TOML 1.0 requires the seconds.
    private static func time(_ scanner: inout ASCIIScanner, _ real: inout Bool) -> Bool {
        guard let hour = scanner.number(2), scanner.take(":"), let minute = scanner.number(2), scanner.take(":"), let second = scanner.number(2) else { return false }
        _ = scanner.optionally { $0.take(".") && $0.digits() }
        real = real && hour < 24 && minute < 60 && second < 60
        return true
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

    /// Underscores only between digits (`1_000`, not `1_e2` or `_1`).
    private static func underscoresValid(_ token: String, _ isDigit: (Unicode.Scalar) -> Bool) -> Bool {
        let scalars = Array(token.unicodeScalars)
        for (i, c) in scalars.enumerated() where c == "_" {
            guard i > 0, i < scalars.count - 1, isDigit(scalars[i - 1]), isDigit(scalars[i + 1]) else { return false }
        }
        return true
    }
}
