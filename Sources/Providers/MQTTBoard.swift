import Accessory
import FoundationEssentials
import JSON
import Synchronization
import ProviderOptions

/// What the broker last said to each `mqtt` widget: the payload of the newest message on
/// a topic its filter matches, where it came from and when. The MQTT service fills it;
/// each widget's provider reads it when the engine asks. One per process, as
/// `WidgetCenter`: kept across configuration reloads, so a SIGHUP keeps the last values.
package final class MQTTBoard: Sendable {
    package struct Message: Sendable, Equatable {
        package var topic: String
        package var payload: [UInt8]
        package var received: Date
    }

    private struct State {
        var filters: [String: MQTTTopicFilter] = [:]
        var latest: [String: Message] = [:]
        /// The newest message of each topic a widget's filter matched, at most
        /// `topicsPerWidget` topics (the longest silent ones go first).
        var byTopic: [String: [String: Message]] = [:]
        /// Since when Home Assistant has said it is offline (its last will), nil while it
        /// is online or has said nothing.
        var homeAssistantOffline: Date?
    }

    /// How many topics a wildcard widget remembers.
    package static let topicsPerWidget = 64

    private let state = Mutex(State())

    package init() {}

    /// The widget kind of the mqtt widget `name`: what a message asks the engine to reload.
    package static func kind(of name: String) -> String { "mqtt.\(name)" }

    /// Sets the widgets and their filters (a loaded configuration); the last messages of
    /// widgets that keep their filter are kept.
    package func setWidgets(_ filters: [String: MQTTTopicFilter]) {
        state.withLock { state in
            let old = state.filters
            let kept = { (name: String) in filters[name] != nil && filters[name] == old[name] }
            state.latest = state.latest.filter { kept($0.key) }
            state.byTopic = state.byTopic.filter { kept($0.key) }
            state.filters = filters
        }
    }

    /// The filters to subscribe to, each once.
    package var filters: Set<String> { state.withLock { Set($0.filters.values.map(\.description)) } }

    /// Takes a message; the widgets whose filter matches it (each now holds it).
    package func receive(topic: String, payload: [UInt8], at time: Date) -> [String] {
        state.withLock { state in
            let names = state.filters.filter { $0.value.matches(topic) }.map(\.key).sorted()
            let message = Message(topic: topic, payload: payload, received: time)
            for name in names {
                state.latest[name] = message
                var topics = state.byTopic[name, default: [:]]
                topics[topic] = message
                if topics.count > Self.topicsPerWidget, let oldest = topics.min(by: { $0.value.received < $1.value.received })?.key {
                    topics[oldest] = nil
                }
                state.byTopic[name] = topics
            }
            return names
        }
    }

    /// Home Assistant said it is online or offline on its status topic.
    package func homeAssistant(online: Bool, at time: Date) {
        state.withLock { $0.homeAssistantOffline = online ? nil : $0.homeAssistantOffline ?? time }
    }

    /// Since when Home Assistant is offline; nil while it is not known to be.
    package var homeAssistantOffline: Date? { state.withLock { $0.homeAssistantOffline } }

    /// The widgets fed from the broker, by name.
    package var names: [String] { state.withLock { $0.filters.keys.sorted() } }

    /// The newest message for `name`, if any came.
    package func latest(for name: String) -> Message? { state.withLock { $0.latest[name] } }

    /// The newest message on `topic` for `name`, if any came.
    package func latest(for name: String, topic: String) -> Message? { state.withLock { $0.byTopic[name]?[topic] } }
}

/// At most one reload a second per widget, whatever the message rate: a message for a
/// widget asked for less than `interval` ago waits, with any others after it, for one
/// reload when the interval is over.
package struct ReloadCoalescer: Sendable {
    package enum Decision: Equatable, Sendable {
        /// Ask for the reload now.
        case now
        /// Ask at this instant (one is already due then, or is to be scheduled for it).
        case later(Date, schedule: Bool)
    }

    package let interval: TimeInterval
    private var last: [String: Date] = [:]
    private var pending: Set<String> = []

    package init(interval: TimeInterval = 1) { self.interval = interval }

    /// A message for `name` arrived at `now`.
    package mutating func arrived(_ name: String, at now: Date) -> Decision {
        if let previous = last[name], now < previous.addingTimeInterval(interval) {
            let due = previous.addingTimeInterval(interval)
            return .later(due, schedule: pending.insert(name).inserted)
        }
        last[name] = now
        return .now
    }

    /// The scheduled reload of `name` is being asked for at `now`.
    package mutating func fired(_ name: String, at now: Date) {
        pending.remove(name)
        last[name] = now
    }
}

extension MQTTWidgetSource {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The entry for the newest message; none while no message came (the placeholder
    /// stays, without a failure); an error (the engine keeps the last good entry and marks
    /// it stale with the reason) when it is too old or does not fit the template.
    package func timeline(board: MQTTBoard, now: Date) throws(Failure) -> TimelineJSON {
        guard let message = board.latest(for: name) else { return TimelineJSON(entries: [], policy: .never) }
        if let staleAfter, now.timeIntervalSince(message.received) >= staleAfter {
            throw Failure(description: "no message on \(filter) for \(Int(now.timeIntervalSince(message.received))) s")
        }
        guard let text = String(validating: message.payload, as: UTF8.self) else { throw Failure(description: "the payload on \(message.topic) is not UTF-8 text") }
        let document = JSONValue.parse(Data(message.payload)) ?? .string(text.trimmed())
        let content: JSONValue
        do throws(JSONTemplateError) {
            content = try template.entry(from: document)
        } catch {
            throw Failure(description: "the payload on \(message.topic): \(error.message)")
        }
        let policy: TimelineReloadPolicy = staleAfter.map { .after(message.received.addingTimeInterval($0)) } ?? .never
        return TimelineJSON(entries: [TimelineJSON.Entry(date: now, relevance: nil, content: content)], policy: policy)
    }
}
