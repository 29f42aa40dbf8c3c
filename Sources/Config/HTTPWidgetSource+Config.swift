import FoundationEssentials
import Providers

extension HTTPWidgetSource {
    /// Reads a `[widgets.NAME]` table of kind http.
    static func read(_ table: TOMLTable, at path: String, reader: inout ConfigReader) -> HTTPWidgetSource? {
        guard let urlText = reader.string(table, "url", at: path) else {
            if table["url"] == nil { reader.report(table.line, path, "no url; expected url = \"https://…\"") }
            return nil
        }
        guard let url = URL(string: urlText), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            reader.report(table["url"]!.line, "\(path).url", "expected an http:// or https:// address, found \"\(urlText)\"")
            return nil
        }
        var source = HTTPWidgetSource(fetcher: HTTPFetcher(url: url))
        if let minutes = reader.integer(table, "every", at: path, in: 1...10_080) { source.interval = TimeInterval(minutes * 60) }
        source.fetcher.limit = reader.integer(table, "max_body", at: path, in: 1_024...(16 << 20)) ?? source.fetcher.limit
        if let headers = reader.table(table, "headers", at: path) {
            for entry in headers.entries {
                let key = "\(path).headers.\(entry.key)"
                switch entry.value.kind {
                case let .string(value):
                    if reader.worldReadable && isSecret(entry.key) {
                        reader.report(entry.value.line, key, "a secret written in a file every user can read: give { env = \"VARIABLE\" } or { file = \"/etc/lockscreend/secret\" } (with prefix = \"Bearer \" if needed), or make the file readable by its owner only")
                    }
                    source.headers[entry.key] = .literal(value)
                case let .table(spec):
                    reader.rejectUnknown(spec, known: ["env", "file", "prefix"], at: key)
                    let prefix = reader.string(spec, "prefix", at: key) ?? ""
                    if let variable = reader.string(spec, "env", at: key) {
                        source.headers[entry.key] = .environment(variable, prefix: prefix)
                    } else if let file = reader.string(spec, "file", at: key) {
                        source.headers[entry.key] = .file(file, prefix: prefix)
                    } else {
                        reader.report(entry.value.line, key, "expected { env = \"VARIABLE\" } or { file = \"/path\" }")
                    }
                default:
                    reader.mismatch(entry.value, key, expected: "a string, or { env = \"VARIABLE\" } or { file = \"/path\" }")
                }
            }
        }
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
        source.text = template(table["text"], "\(path).text")
        source.symbol = reader.string(table, "symbol", at: path)
        source.emoji = reader.string(table, "emoji", at: path)
        if let lines = table["lines"] {
            if case let .array(items) = lines.kind {
                source.lines = items.enumerated().compactMap { template($1, "\(path).lines[\($0)]") }
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
                    gauge.style = reader.choice(gaugeTable, "style", at: key, from: TimelineJSON.gaugeStyles)
                    source.gauge = gauge
                } else {
                    reader.report(gaugeTable["value"]!.line, "\(key).value", "expected a JSON path such as \"$.main.temp\", found \"\(text)\"")
                }
            } else if gaugeTable["value"] == nil {
                reader.report(gaugeTable.line, key, "no value; expected value = \"$.path.to.number\"")
            }
        }
        if source.text == nil, source.symbol == nil, source.emoji == nil, source.lines.isEmpty, source.gauge == nil {
            reader.report(table.line, path, "nothing to draw: give text, symbol, emoji, lines or gauge")
        }
        return source
    }
}
