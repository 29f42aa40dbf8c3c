import FoundationEssentials
import JSON

/// What a widget fed by a JSON document shows (an `http` answer, an MQTT payload): texts
/// with `{$.path}` placeholders, a symbol or an emoji, lines, a gauge whose value a JSON
/// path picks; made into a timeline entry's content (docs/TIMELINE-JSON.md).
package struct EntryTemplate: Sendable, Equatable {
    package struct Gauge: Sendable, Equatable {
        /// The gauge styles a timeline names (docs/TIMELINE-JSON.md).
        package static let styles = ["circular", "capacity", "linear", "linearCapacity"]

        package var value: JSONPath
        package var min: Double = 0
        package var max: Double = 1
        package var label: JSONTemplate?
        package var text: JSONTemplate?
        package var style: String?

        package init(value: JSONPath) {
            self.value = value
        }
    }

    package var text: JSONTemplate?
    package var symbol: String?
    package var emoji: String?
    package var lines: [JSONTemplate] = []
    package var gauge: Gauge?

    package init() {}

    /// True when nothing would be drawn.
    package var isEmpty: Bool { text == nil && symbol == nil && emoji == nil && lines.isEmpty && gauge == nil }

    /// The entry's content for `document`; a path the document lacks, or a gauge value
    /// that is not a number, is an error naming it.
    package func entry(from document: JSONValue) throws(JSONTemplateError) -> JSONValue {
        var entry: [String: JSONValue] = [:]
        if let text { entry["text"] = .string(try text.fill(document)) }
        if !lines.isEmpty {
            var filled: [JSONValue] = []
            for line in lines { filled.append(.string(try line.fill(document))) }
            entry["lines"] = .array(filled)
        }
        if let gauge {
            guard let raw = gauge.value.value(in: document) else { throw JSONTemplateError(message: "the document has no \(gauge.value)") }
            guard let value = raw.numberValue ?? raw.stringValue.flatMap(Double.init) else {
                throw JSONTemplateError(message: "\(gauge.value) is \(raw.typeName), not a number")
            }
            var object: [String: JSONValue] = ["value": .number(value), "min": .number(gauge.min), "max": .number(gauge.max)]
            if let label = gauge.label { object["label"] = .string(try label.fill(document)) }
            if let text = gauge.text { object["text"] = .string(try text.fill(document)) }
            if let style = gauge.style { object["style"] = .string(style) }
            entry["gauge"] = .object(object)
        }
        if let symbol { entry["symbol"] = .string(symbol) }
        if let emoji { entry["emoji"] = .string(emoji) }
        return .object(entry)
    }
}
