import SwiftLiteral

/// Expands SwiftData's `@Model` on a class: the conformance (extension role) and the
/// members that read and write each stored property (member role). The class's source
/// is read as text, a declaration at a time at the body's top level: a `var` or `let`
/// with no accessor block before its `=` is stored; `static`, `class`, `lazy` and
/// `@Transient` ones are not kept.
enum ModelExpansion {
    struct Property {
        var name: String
        /// A `let` with a value of its own: written, never read back (it cannot be set twice).
        var isConstant: Bool
        /// `@Relationship(inverse: \Class.key)`: the class and key at the other end.
        var inverse: (type: String, key: String)?
    }

    static func conformance(typeName: String) -> String {
        "extension \(typeName.trimmingSpaces): SwiftData.PersistentModel {}"
    }

    static func members(of declaration: String) -> String {
        let properties = storedProperties(of: declaration)
        let reads = properties.filter { !$0.isConstant }.map { "        self.\($0.name) = try backingData.value(forKey: \(SwiftLiteral.string($0.name)))" }
        let writes = properties.map { "        try row.setValue(self.\($0.name), forKey: \(SwiftLiteral.string($0.name)))" }
        let relationships = properties.filter { !$0.isConstant }.map { "        try backingData.relationship(&self.\($0.name), forKey: \(SwiftLiteral.string($0.name)))" }
        let inverses = properties.compactMap { property in
            property.inverse.map { "SwiftData.ModelInverse(key: \(SwiftLiteral.string(property.name)), type: \($0.type).self, inverseKey: \(SwiftLiteral.string($0.key)))" }
        }
        return """
            public required init(backingData: SwiftData.ModelRow) throws {
            \(reads.joined(separator: "\n"))
            }

            public func encodeModel(into row: inout SwiftData.ModelRow) throws {
            \(writes.joined(separator: "\n"))
            }

            public func decodeRelationships(from backingData: SwiftData.ModelRow) throws {
            \(relationships.joined(separator: "\n"))
            }

            public static var modelInverses: [SwiftData.ModelInverse] { [\(inverses.joined(separator: ", "))] }

            public static var modelPropertyNames: [String] { [\(properties.map { SwiftLiteral.string($0.name) }.joined(separator: ", "))] }

            public let persistentBackingData = SwiftData.ModelBacking()
            """
    }

    /// The stored properties declared at the top level of the class's body.
    static func storedProperties(of declaration: String) -> [Property] {
        guard let open = declaration.firstIndex(of: "{") else { return [] }
        var properties: [Property] = []
        for statement in topLevelStatements(declaration[declaration.index(after: open)...]) {
            var words = statement[...]
            var transient = false
            var inverse: (type: String, key: String)?
            // Attributes and modifiers before `var` or `let`.
            while true {
                words = words.drop(while: \.isWhitespace)
                if words.hasPrefix("@") {
                    let name = words.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    transient = transient || name == "Transient"
                    words = words.dropFirst(1 + name.count)
                    if words.first == "(" {
                        let rest = skipGroup(words)
                        if name == "Relationship" { inverse = Self.inverse(in: words[..<rest.startIndex]) }
                        words = rest
                    }
                    continue
                }
                let word = words.prefix { $0.isLetter || $0 == "_" }
                if ["public", "private", "internal", "fileprivate", "package", "open", "final", "nonisolated", "weak", "unowned", "dynamic", "override", "required"].contains(word) {
                    words = words.dropFirst(word.count)
                    if words.first == "(" { words = skipGroup(words) }  // private(set)
                    continue
                }
                break
            }
            let keyword = words.prefix { $0.isLetter }
            guard keyword == "var" || keyword == "let", !transient else { continue }
            let rest = words.dropFirst(keyword.count).drop(while: \.isWhitespace)
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
            guard !name.isEmpty else { continue }
            let tail = rest.dropFirst(name.count)
            let equals = tail.firstIndex(of: "="), brace = tail.firstIndex(of: "{")
            // An accessor block before any `=`: computed, unless it holds only observers.
            if let brace, equals == nil || brace < equals! {
                let block = tail[tail.index(after: brace)...].drop(while: \.isWhitespace)
                guard block.hasPrefix("didSet") || block.hasPrefix("willSet") else { continue }
            }
            properties.append(Property(name: String(name), isConstant: keyword == "let" && equals != nil, inverse: inverse))
        }
        return properties
    }

    /// The class and key of `inverse: \Class.key` in `@Relationship`'s arguments.
    static func inverse(in arguments: Substring) -> (type: String, key: String)? {
        var rest = arguments
        while !rest.isEmpty && !rest.hasPrefix("inverse:") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        let path = rest.dropFirst("inverse:".count).drop(while: \.isWhitespace)
        guard path.first == "\\" else { return nil }
        let parts = path.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }.split(separator: ".")
        guard parts.count == 2 else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// The body's top-level statements, each from a line's start at depth one to the next
    /// line break at that depth (strings and comments skipped over).
    static func topLevelStatements(_ body: Substring) -> [Substring] {
        var statements: [Substring] = []
        var depth = 0
        var start = body.startIndex
        var index = body.startIndex
        while index < body.endIndex {
            let character = body[index]
            if character == "\"" {
                index = endOfString(body, from: index)
                continue
            }
            if body[index...].hasPrefix("//") {
                index = body[index...].firstIndex(of: "\n") ?? body.endIndex
                continue
            }
            if body[index...].hasPrefix("/*") {
                index = body.index(index, offsetBy: 2)
                while index < body.endIndex && !body[index...].hasPrefix("*/") { index = body.index(after: index) }
                index = body.index(index, offsetBy: 2, limitedBy: body.endIndex) ?? body.endIndex
                continue
            }
            switch character {
            case "{", "(", "[": depth += 1
            case "}", ")", "]":
                if depth == 0 {
                    statements.append(body[start..<index])
                    return statements
                }
                depth -= 1
            case "\n", ";":
                if depth == 0 {
                    statements.append(body[start..<index])
                    start = body.index(after: index)
                }
            default: break
            }
            index = body.index(after: index)
        }
        statements.append(body[start...])
        return statements
    }

    /// Past a balanced `( … )` group.
    static func skipGroup(_ text: Substring) -> Substring {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return text[text.index(after: index)...] }
            }
            index = text.index(after: index)
        }
        return text[text.endIndex...]
    }

    /// Past the string literal starting at `start`.
    static func endOfString(_ text: Substring, from start: Substring.Index) -> Substring.Index {
        let triple = text[start...].hasPrefix("\"\"\"")
        let closing = triple ? "\"\"\"" : "\""
        var index = text.index(start, offsetBy: closing.count)
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                continue
            }
            if text[index...].hasPrefix(closing) { return text.index(index, offsetBy: closing.count) }
            index = text.index(after: index)
        }
        return text.endIndex
    }
}

extension String {
    /// The text without the spaces and line breaks around it.
    var trimmingSpaces: String { String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
}
