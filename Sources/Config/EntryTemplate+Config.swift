import FoundationEssentials
import TOML
import ProviderOptions

extension EntryTemplate {
    /// The keys a widget fed by JSON reads for what it shows.
    static let keys = ["text", "symbol", "emoji", "lines", "gauge"]

    /// Reads `text`, `symbol`, `emoji`, `lines` and `[gauge]` (value, min, max, label,
    /// text, style) of a widget's table; nil, with the reason reported, when nothing
    /// would be drawn.
    static func read(_ table: TOMLTable, at path: String, reader: inout ConfigReader) -> EntryTemplate? {
        var result = EntryTemplate()
        func template(_ value: TOMLValue?, _ key: String) -> JSONTemplate? {
            guard let value else { return nil }
            guard case let .string(text) = value.kind else {
                reader.mismatch(value, key, expected: "text with {$.path} placeholders")
                return nil
            }
            do {
                return try JSONTemplate(text)
            } catch {
                reader.report(value.line, key, error.message)
                return nil
            }
        }
        result.text = template(table["text"], "\(path).text")
        result.symbol = reader.string(table, "symbol", at: path)
        result.emoji = reader.string(table, "emoji", at: path)
        if let lines = table["lines"] {
            if case let .array(items) = lines.kind {
                result.lines = items.enumerated().compactMap { template($1, "\(path).lines[\($0)]") }
            } else {
                reader.mismatch(lines, "\(path).lines", expected: "an array of texts")
            }
        }
        if let gaugeTable = reader.table(table, "gauge", at: path) {
            let key = "\(path).gauge"
            reader.rejectUnknown(gaugeTable, known: ["value", "min", "max", "label", "text", "style"], at: key)
            if let text = reader.string(gaugeTable, "value", at: key) {
                if let value = JSONPath(text) {
                    var gauge = Gauge(value: value)
                    if let min = reader.number(gaugeTable, "min", at: key, expected: "a number") { gauge.min = min }
                    if let max = reader.number(gaugeTable, "max", at: key, expected: "a number") { gauge.max = max }
                    if gauge.min >= gauge.max { reader.report(gaugeTable.line, key, "min (\(gauge.min)) must be below max (\(gauge.max))") }
                    gauge.label = template(gaugeTable["label"], "\(key).label")
                    gauge.text = template(gaugeTable["text"], "\(key).text")
                    gauge.style = reader.choice(gaugeTable, "style", at: key, from: Gauge.styles)
                    result.gauge = gauge
                } else {
                    reader.report(gaugeTable["value"]!.line, "\(key).value", "expected a JSON path such as \"$.main.temp\", found \"\(text)\"")
                }
            } else if gaugeTable["value"] == nil {
                reader.report(gaugeTable.line, key, "no value; expected value = \"$.path.to.number\"")
            }
        }
        if result.isEmpty {
            reader.report(table.line, path, "nothing to draw: give text, symbol, emoji, lines or gauge")
            return nil
        }
        return result
    }
}
