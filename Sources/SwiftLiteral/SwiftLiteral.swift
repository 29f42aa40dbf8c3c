/// Swift source text as the package's code generators write it (the `#Preview` and
/// `@Model` macros, `intent-classes`, `coredata-classes`): a string literal of any text, a
/// name usable as an identifier.
package enum SwiftLiteral {
    /// `text` as a Swift string literal, with its quotes, backslashes and line breaks escaped.
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `name` as an identifier: in backquotes when it is one of Swift's keywords.
    package static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    private static let keywords: Set<String> = [
        "default", "class", "struct", "enum", "func", "var", "let", "in", "is", "as", "case", "return", "self", "Self", "Type",
        "public", "private", "internal", "fileprivate", "open", "operator", "protocol", "extension", "import", "where",
        "repeat", "switch", "static", "do", "for", "while", "if", "else", "guard", "defer", "break", "continue", "throw",
        "throws", "try", "catch", "init", "deinit", "subscript", "typealias", "associatedtype", "inout", "nil", "true", "false", "super",
    ]
}
