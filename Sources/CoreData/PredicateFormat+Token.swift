extension PredicateFormat {
    /// A word of the format: a key or keyword, a quoted string, a number, an argument
    /// (`%@`), a comparison's options (`[cd]`) or a symbol.
    struct Token: CustomStringConvertible {
        enum Kind { case word, string, number, argument, options, symbol }

        let kind: Kind
        let text: String

        func matches(_ word: String) -> Bool {
            (kind == .word || kind == .symbol) && text.uppercased() == word
        }

        var description: String { kind == .string ? "'\(text)'" : "\"\(text)\"" }

        /// A number as the format writes it: decimal (`3`, `-0.5`, `.5`, `1e3`) or
        /// hexadecimal (`0x1F`); an `Int64` when it is whole and written without a point
        /// or an exponent, else a `Double`.
        static func number(_ text: String) -> Any? {
            let negative = text.hasPrefix("-")
            let digits = negative ? String(text.dropFirst()) : text
            if digits.lowercased().hasPrefix("0x") {
                return Int64(digits.dropFirst(2), radix: 16).map { negative ? -$0 : $0 }
            }
            guard let value = Double(text.hasPrefix(".") || text.hasPrefix("-.") ? text.replacingOccurrences(of: ".", with: "0.", options: [], range: text.range(of: ".")) : text) else { return nil }
            if !digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let whole = Int64(exactly: value) { return whole }
            return value
        }

        static func scan(_ format: String) throws(Failure) -> [Token] {
            let characters = Array(format)
            var tokens: [Token] = []
            var i = 0
            func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "." || c == "@" || c == "$" || c == "#" }
            while i < characters.count {
                let c = characters[i]
                if c.isWhitespace {
                    i += 1
                } else if c == "\"" || c == "'" {
                    var text = ""
                    i += 1
                    while i < characters.count, characters[i] != c {
                        if characters[i] == "\\", i + 1 < characters.count {
                            i += 1
                            switch characters[i] {
                            case "n": text.append("\n")
                            case "t": text.append("\t")
                            default: text.append(characters[i])
                            }
                        } else {
                            text.append(characters[i])
                        }
                        i += 1
                    }
                    guard i < characters.count else { throw Failure(description: "a string without its closing \(c)") }
                    i += 1
                    tokens.append(Token(kind: .string, text: text))
                } else if c.isNumber || (c == "." && i + 1 < characters.count && characters[i + 1].isNumber)
                            || (c == "-" && i + 1 < characters.count && (characters[i + 1].isNumber || characters[i + 1] == ".") && !(tokens.last.map { $0.kind != .symbol } ?? false)) {
                    var text = String(c)
                    i += 1
                    while i < characters.count, characters[i].isHexDigit || characters[i] == "." || characters[i] == "x" || characters[i] == "X"
                            || ((characters[i] == "-" || characters[i] == "+") && "eE".contains(characters[i - 1])) {
                        text.append(characters[i])
                        i += 1
                    }
                    guard Token.number(text) != nil else { throw Failure(description: "\"\(text)\" is not a number") }
                    tokens.append(Token(kind: .number, text: text))
                } else if c == "%" {
                    var text = "%"
                    i += 1
                    while i < characters.count, "lhqLzjt".contains(characters[i]) {
                        text.append(characters[i])
                        i += 1
                    }
                    guard i < characters.count, "@KdiuxXfFgGeEc".contains(characters[i]) else { throw Failure(description: "\"\(text)\" is not an argument: %@, %K or a number's conversion") }
                    text.append(characters[i])
                    i += 1
                    tokens.append(Token(kind: .argument, text: text))
                } else if c == "[" {
                    var text = ""
                    i += 1
                    while i < characters.count, characters[i].isLetter {
                        text.append(characters[i])
                        i += 1
                    }
                    guard i < characters.count, characters[i] == "]", !text.isEmpty, text.lowercased().allSatisfy({ "cdnl".contains($0) }) else {
                        throw Failure(description: "a comparison's options are [c], [d], [cd], [n] or [l]")
                    }
                    i += 1
                    tokens.append(Token(kind: .options, text: text))
                } else if isWordCharacter(c) {
                    var text = ""
                    while i < characters.count, isWordCharacter(characters[i]) {
                        text.append(characters[i])
                        i += 1
                    }
                    tokens.append(Token(kind: .word, text: text))
                } else {
                    let two = i + 1 < characters.count ? String([c, characters[i + 1]]) : ""
                    if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                        tokens.append(Token(kind: .symbol, text: two))
                        i += 2
                    } else if "=<>!(){},".contains(c) {
                        tokens.append(Token(kind: .symbol, text: String(c)))
                        i += 1
                    } else {
                        throw Failure(description: "unexpected \"\(c)\"")
                    }
                }
            }
            return tokens
        }
    }
}
