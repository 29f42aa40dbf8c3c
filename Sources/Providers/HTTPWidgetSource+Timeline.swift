import FoundationEssentials
import JSON
import Accessory
import ProviderOptions

extension HTTPWidgetSource {
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
}
