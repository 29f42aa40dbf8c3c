import Canvas
import JSON

/// A path into a JSON document, as written in a config file: `$.main.temp`,
/// `$.list[0].weather[0].description`, `$['odd key']`.
package struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    package enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    package let steps: [Step]
    package let description: String

    /// Parses `text`; nil when it is not a path.
    package init?(_ text: String) {
        guard text.hasPrefix("$") else { return nil }
        var steps: [Step] = []
        var rest = Substring(text.dropFirst())
        while !rest.isEmpty {
            if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                steps.append(.key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if rest.hasPrefix("['") {
                guard let end = rest.firstRange(of: "']") else { return nil }
                steps.append(.key(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])))
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("[") {
                guard let end = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<end]), index >= 0 else { return nil }
                steps.append(.index(index))
                rest = rest[rest.index(after: end)...]
            } else {
                return nil
            }
        }
        self.steps = steps
        description = text
    }

    /// The value at the path in `document`, nil when a step is missing.
    package func value(in document: JSONValue) -> JSONValue? {
        var current = document
        for step in steps {
            switch (step, current) {
            case let (.key(key), .object(object)):
                guard let next = object[key] else { return nil }
                current = next
            case let (.index(i), .array(items)):
                guard i < items.count else { return nil }
                current = items[i]
            default:
                return nil
            }
        }
        return current
    }
}

/// Text with `{$.path}` placeholders filled from a JSON document: "{$.main.temp}°".
package struct JSONTemplate: Sendable, Equatable {
    private enum Part: Sendable, Equatable {
        case literal(String)
        case path(JSONPath)
    }

    private let parts: [Part]

    /// Parses `text`; the message says what is wrong with a placeholder.
    package init(_ text: String) throws(JSONTemplateError) {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else { throw JSONTemplateError(message: "a '{' is not closed") }
            let inner = String(rest[rest.index(after: open)..<close])
            guard let path = JSONPath(inner) else { throw JSONTemplateError(message: "'{\(inner)}' is not a JSON path such as {$.main.temp}") }
            parts.append(.path(path))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
    }

    /// The text for `document`; throws naming the first path that is missing.
    package func fill(_ document: JSONValue) throws(JSONTemplateError) -> String {
        var text = ""
        for part in parts {
            switch part {
            case let .literal(s): text += s
            case let .path(path):
                guard let value = path.value(in: document) else { throw JSONTemplateError(message: "the response has no \(path)") }
                text += Self.text(of: value)
            }
        }
        return text
    }

    /// A value as shown: numbers without needless decimals.
    static func text(of value: JSONValue) -> String {
        switch value {
        case let .string(s): s
        case let .number(n): n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : CFormat.string("%.1f", n)
        case let .bool(b): String(b)
        case .null: "–"
        case .array, .object: "…"
        }
    }
}

package struct JSONTemplateError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
