import FoundationEssentials
import JSON
import Accessory

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

    package var fetcher: HTTPFetcher
    package var headers: [String: HeaderValue] = [:]
    package var interval: TimeInterval = 900
    /// What the entry shows, picked out of the answer.
    package var template = EntryTemplate()

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
                do { fetcher.headers[name] = try prefix + SecretFile.text(of: path) } catch { throw Failure(description: "header \(name): \(error)") }
            }
        }
        let body = try await fetcher.fetch()
        guard let document = await OwnThread.run(named: "http response", { JSONValue.parse(body) }) else { throw Failure(description: "the response is not JSON") }
        let entry: JSONValue
        do throws(JSONTemplateError) {
            entry = try template.entry(from: document)
        } catch {
            throw Failure(description: error.message)
        }
        return TimelineJSON(entries: [TimelineJSON.Entry(date: now, relevance: nil, content: entry)], policy: .after(now.addingTimeInterval(interval)))
    }

    /// Header names whose values are secrets.
    package static func isSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["authorization", "cookie", "token", "key", "secret", "password"].contains { lower.contains($0) }
    }
}
