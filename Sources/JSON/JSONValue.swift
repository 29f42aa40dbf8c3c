import FoundationEssentials

/// A JSON document as values, kept whole so a timeline entry can be saved and drawn
/// again after a restart, and so errors can name the path of the value at fault.
package enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(b): try container.encode(b)
        // A whole number is written as one ("2", not "2.0"), so a `Codable` `Int` reads it.
        case let .number(n) where n.rounded() == n && abs(n) < 9e15: try container.encode(Int64(n))
        case let .number(n): try container.encode(n)
        case let .string(s): try container.encode(s)
        case let .array(a): try container.encode(a)
        case let .object(o): try container.encode(o)
        }
    }

    /// Parses `data`; nil when it is not JSON.
    package static func parse(_ data: Data) -> JSONValue? {
        JSONParser.parse([UInt8](data))
    }

    /// Parses `data`, or says why it is not a document.
    package static func read(_ data: Data) -> Result<JSONValue, JSONFailure> {
        JSONParser.read([UInt8](data))
    }

    package subscript(key: String) -> JSONValue? {
        if case let .object(o) = self { return o[key] }
        return nil
    }

    /// The text of a string; nil for any other value.
    package var stringValue: String? { if case let .string(s) = self { s } else { nil } }
    /// The number of a number; nil for any other value.
    package var numberValue: Double? { if case let .number(n) = self { n } else { nil } }

    /// "a string", "a number", …: what an error says was found.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
