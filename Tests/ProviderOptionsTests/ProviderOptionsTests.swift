import FoundationEssentials
import JSON
import ProviderOptions
import Testing

/// The values a widget's provider is made of, checked without running one.
@Suite("provider options")
struct ProviderOptionsTests {
    @Test("topic filters: + is one level, # the rest, $ topics only by name", arguments: [
        ("home/+/temperature", "home/kitchen/temperature", true), ("home/+/temperature", "home/kitchen/humidity", false),
        ("home/#", "home", true), ("home/#", "home/a/b/c", true), ("home/+", "home/a/b", false), ("#", "$SYS/uptime", false),
        ("+/x", "$SYS/x", false), ("$SYS/#", "$SYS/uptime", true), ("a/b", "a/b", true), ("a/b", "a/b/", false), ("a//b", "a//b", true),
    ])
    func filters(filter: String, topic: String, matches: Bool) throws {
        #expect(try #require(MQTTTopicFilter(filter)).matches(topic) == matches)
    }

    @Test("filters that break the rules are refused", arguments: ["", "a/#/b", "a/b#", "a/+b", "sport+"])
    func badFilters(text: String) {
        #expect(MQTTTopicFilter(text) == nil)
    }

    @Test("a JSON path picks members and elements; a template fills each placeholder or names the path it lacks")
    func paths() throws {
        let document = try #require(JSONValue.parse(Data(#"{"main": {"temp": 21.5}, "list": [{"name": "Oslo"}], "odd key": 3}"#.utf8)))
        #expect(try #require(JSONPath("$.list[0].name")).value(in: document) == .string("Oslo"))
        #expect(try #require(JSONPath("$['odd key']")).value(in: document) == .number(3))
        #expect(try #require(JSONPath("$.main.wind")).value(in: document) == nil)
        #expect(JSONPath("main.temp") == nil)
        #expect(try JSONTemplate("{$.list[0].name}: {$.main.temp}°").fill(document) == "Oslo: 21.5°")
        #expect(throws: JSONTemplateError.self) { try JSONTemplate("{$.main.wind}").fill(document) }
    }

    @Test("an entry template makes a gauge of a number, and refuses a value that is not one")
    func template() throws {
        var template = EntryTemplate()
        template.text = try JSONTemplate("{$.name}")
        template.gauge = EntryTemplate.Gauge(value: try #require(JSONPath("$.level")))
        let entry = try template.entry(from: .object(["name": .string("Battery"), "level": .string("0.5")]))
        #expect(entry["text"] == .string("Battery"))
        #expect(entry["gauge"]?["value"] == .number(0.5))
        #expect(throws: JSONTemplateError.self) { try template.entry(from: .object(["name": .string("Battery"), "level": .bool(true)])) }
    }

    @Test("a provider's failures wait twice as long each time, up to the cap")
    func backoff() {
        let policy = FailurePolicy()
        #expect(policy.backoff(afterFailures: 1) == 30)
        #expect(policy.backoff(afterFailures: 3) == 120)
        #expect(policy.backoff(afterFailures: 1_000) == 1_800)
    }
}
