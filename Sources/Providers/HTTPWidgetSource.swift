import FoundationEssentials
import JSON
import TimelineEngine

/// An `http` widget: a URL asked every so often, and templates that pick values out of
/// its JSON answer with JSON paths into a family template (docs/CONFIG.md).
package struct HTTPWidgetSource: Sendable {
    /// A header's value: written in the file, or read at each request from an
    /// environment variable or a file (secrets).
    package enum HeaderValue: Sendable {
        case literal(String)
        case environment(String, prefix: String)
        case file(String, prefix: String)
    }

    package struct Gauge: Sendable {
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

    package var fetcher: HTTPFetcher
    package var headers: [String: HeaderValue] = [:]
    package var interval: TimeInterval = 900
    package var text: JSONTemplate?
    package var symbol: String?
    package var emoji: String?
    package var lines: [JSONTemplate] = []
    package var gauge: Gauge?

    package init(fetcher: HTTPFetcher) {
        self.fetcher = fetcher
    }

    /// Why an answer gave no entry.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Fetches, picks the values, and returns one entry, asked for again after the interval.
    package func timeline(fetcher configured: HTTPFetcher, now: Date) async throws -> TimelineJSON {
        var fetcher = configured
        for (name, value) in headers {
            switch value {
            case let .literal(text): fetcher.headers[name] = text
            case let .environment(variable, prefix):
                guard let text = ProcessInfo.processInfo.environment[variable] else { throw Failure(description: "the environment variable \(variable) (header \(name)) is not set") }
                fetcher.headers[name] = prefix + text
            case let .file(path, prefix):
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw Failure(description: "cannot read \(path) (header \(name))") }
                fetcher.headers[name] = prefix + text.trimmed()
            }
        }
        let body = try await fetcher.fetch()
        guard let document = JSONValue.parse(body) else { throw Failure(description: "the response is not JSON") }
        var entry: [String: JSONValue] = [:]
        do throws(JSONTemplateError) {
            if let text { entry["text"] = .string(try text.fill(document)) }
            if !lines.isEmpty {
                var filled: [JSONValue] = []
                for line in lines { filled.append(.string(try line.fill(document))) }
                entry["lines"] = .array(filled)
            }
            if let gauge {
                guard let raw = gauge.value.value(in: document) else { throw JSONTemplateError(message: "the response has no \(gauge.value)") }
                guard let value = raw.numberValue ?? raw.stringValue.flatMap(Double.init) else {
                    throw JSONTemplateError(message: "\(gauge.value) is \(raw.typeName), not a number")
                }
                var object: [String: JSONValue] = ["value": .number(value), "min": .number(gauge.min), "max": .number(gauge.max)]
                if let label = gauge.label { object["label"] = .string(try label.fill(document)) }
                if let text = gauge.text { object["text"] = .string(try text.fill(document)) }
                if let style = gauge.style { object["style"] = .string(style) }
                entry["gauge"] = .object(object)
            }
        } catch {
            throw Failure(description: error.message)
        }
        if let symbol { entry["symbol"] = .string(symbol) }
        if let emoji { entry["emoji"] = .string(emoji) }
        return TimelineJSON(entries: [TimelineJSON.Entry(date: now, relevance: nil, content: .object(entry))], policy: .after(now.addingTimeInterval(interval)))
    }

    /// Header names whose values are secrets.
    package static func isSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["authorization", "cookie", "token", "key", "secret", "password"].contains { lower.contains($0) }
    }
}
