import Accessory
import FoundationEssentials
import ProviderOptions
import TimelineEngine

/// Where what the daemon is handed for its widgets waits: pushed timelines and broker
/// messages. One of each for the process's life, made by the composition root, so a
/// reloaded configuration's widgets read what arrived before it.
package struct WidgetBoards: Sendable {
    package let push: PushBoard
    package let mqtt: MQTTBoard

    package init(push: PushBoard = PushBoard(names: []), mqtt: MQTTBoard = MQTTBoard()) {
        self.push = push
        self.mqtt = mqtt
    }

    /// Makes the boards take what a configuration's widgets read: timelines pushed to
    /// `pushNames`, broker messages on the topics of `mqttFilters` (by widget name). At
    /// start and at each reload.
    package func expect(pushNames: Set<String>, mqttFilters: [String: MQTTTopicFilter]) {
        push.setNames(pushNames)
        mqtt.setWidgets(mqttFilters)
    }
}

extension WidgetRegistry {
    /// The running widget of `specification`, its timelines read from `boards` where it is
    /// fed from outside; nil when its kind is not this program's or its parameters no
    /// longer fit it (the reader checked both against the same registry).
    package func widget(for specification: WidgetSpecification, boards: WidgetBoards) -> TimelineEngine.Widget? {
        let name = specification.name
        var kind = specification.kind
        let instance: WidgetInstance
        switch specification.source {
        case let .parameters(values):
            guard let descriptor = descriptors[kind], let made = try? descriptor.instantiate(values) else { return nil }
            instance = made
        case let .command(runner):
            instance = JSONTimelineInstance.make { context in
                let output = try await runner.run()
                do throws(TimelineJSON.Failure) {
                    return try await OwnThread.reading(named: "command output") { () throws(TimelineJSON.Failure) in try TimelineJSON.decode(output, now: context.date) }
                } catch {
                    throw CommandOutputError(failure: error)
                }
            }
        case let .calendar(calendar):
            instance = JSONTimelineInstance.make { context in try await calendar.timeline(now: context.date) }
        case let .http(source):
            instance = JSONTimelineInstance.make { context in try await source.timeline(fetcher: source.fetcher, now: context.date) }
        case let .mqtt(source):
            let board = boards.mqtt
            kind = MQTTBoard.kind(of: name)
            instance = JSONTimelineInstance.make { context in
                try await OwnThread.reading(named: "mqtt payload") { () throws(MQTTWidgetSource.Failure) in try source.timeline(board: board, now: context.date) }
            }
        case let .homeAssistant(source) where source.rest != nil:
            instance = JSONTimelineInstance.make { context in try await source.fetch(now: context.date) }
        case let .homeAssistant(source):
            let board = boards.mqtt
            kind = MQTTBoard.kind(of: name)
            instance = JSONTimelineInstance.make { context in try await source.pushed(board: board, now: context.date) }
        case .push:
            // A pushed timeline's own policy is not followed: the next push is the reload.
            let board = boards.push
            kind = PushBoard.kind(of: name)
            instance = JSONTimelineInstance.make { _ in
                var timeline = board.timeline(for: name)
                timeline.policy = .never
                return timeline
            }
        case let .recorded(recording):
            // The whole recording at once; its own policy decides when it is asked again.
            // Decoded by the configuration's check (`kinds.readTimeline`), else now.
            guard let recorded = recording.decoded as? TimelineJSON ?? (try? TimelineJSON.decode(recording.json, now: Date(timeIntervalSince1970: 0))) else { return nil }
            instance = JSONTimelineInstance.make { _ in recorded }
        case let .image(source):
            instance = source.instance
        }
        // What is handed to the daemon is asked for when it arrives: its senders are
        // limited where they come in.
        return TimelineEngine.Widget(
            name: name, kind: kind, family: specification.family, instance: instance,
            budget: specification.budget, failurePolicy: specification.failurePolicy,
            specification: specification, askInterval: specification.isFedFromOutside ? 0 : TimelineEngine.minimumAskInterval)
    }
}
