import Accessory
import FoundationEssentials
import Providers
import TOML  // for .line
import TimelineEngine
import ProviderOptions

extension ProviderKind {
    /// The daemon's own kinds read with tables and arrays, in the order people meet them.
    static let standard: [ProviderKind] = [
        ProviderKind(name: "calendar", make: LockScreenConfig.calendarWidget),
        ProviderKind(name: "command", make: LockScreenConfig.commandWidget),
        ProviderKind(name: "homeassistant", make: LockScreenConfig.homeAssistantWidget),
        ProviderKind(name: "http", make: LockScreenConfig.httpWidget),
        ProviderKind(name: "image") { widget, reader in
            LockScreenConfig.imageWidget(widget.name, family: widget.family, widget.table, at: widget.path, reader: &reader)
        },
        ProviderKind(name: "mqtt", make: LockScreenConfig.mqttWidget),
        ProviderKind(name: "push", make: LockScreenConfig.pushWidget),
        ProviderKind(name: "recorded", make: LockScreenConfig.recordedWidget),
    ]
}

extension LockScreenConfig {
    /// `kind = "command"`: a program's output, a JSON timeline, run on the widget's policy.
    static func commandWidget(_ widget: ProviderKind.Widget, reader: inout ConfigReader) -> TimelineEngine.Widget? {
        let (name, kind, table, path, family) = (widget.name, widget.kind, widget.table, widget.path, widget.family)
        reader.rejectUnknown(table, known: widgetKeys + ["command", "env", "directory", "max_output"], at: path)
        var arguments: [String] = []
        if table["command"] != nil {
            arguments = reader.arguments(table, "command", at: path) ?? []
        } else {
            reader.report(table.line, path, "no command; expected command = [\"program\", \"argument\", …]")
        }
        var runner = CommandRunner(arguments: arguments)
        if let env = reader.table(table, "env", at: path) {
            for entry in env.entries {
                if case let .string(s) = entry.value.kind { runner.environment[entry.key] = s } else { reader.mismatch(entry.value, "\(path).env.\(entry.key)", expected: "a string") }
            }
        }
        runner.directory = reader.string(table, "directory", at: path)
        runner.outputLimit = reader.integer(table, "max_output", at: path, in: 1_024...(16 << 20)) ?? runner.outputLimit
        runner.environment["LOCKSCREEND_WIDGET"] = name
        runner.environment["LOCKSCREEND_FAMILY"] = family.shortName
        let (budget, failure) = limits(table, at: path, local: false, reader: &reader)
        runner.timeout = failure.timeout
        let command = runner
        let instance = JSONTimelineInstance.make { context in
            let output = try await command.run()
            do throws(TimelineJSON.Failure) {
                return try await OwnThread.reading(named: "command output") { () throws(TimelineJSON.Failure) in try TimelineJSON.decode(output, now: context.date) }
            } catch {
                throw CommandOutputError(failure: error)
            }
        }
        return TimelineEngine.Widget(name: name, kind: kind, family: family, instance: instance, budget: budget, failurePolicy: failure, fingerprint: fingerprint(table, family))
    }

    /// `kind = "calendar"`: an iCalendar file or URL's next events.
    static func calendarWidget(_ widget: ProviderKind.Widget, reader: inout ConfigReader) -> TimelineEngine.Widget? {
        let (name, kind, table, path, family) = (widget.name, widget.kind, widget.table, widget.path, widget.family)
        reader.rejectUnknown(table, known: widgetKeys + ["file", "url", "days", "every", "time_zone"], at: path)
        guard let source = CalendarSource.read(table, at: path, family: family, reader: &reader) else { return nil }
        // A local file costs nothing to read; a URL is budgeted like any web API.
        var local = false
        if case .file = source.location { local = true } else { reader.fetchesOverHTTP = true }
        var (budget, failure) = limits(table, at: path, local: local, reader: &reader)
        budget = paced(budget, every: source.interval, table)
        var configured = source
        if case var .url(fetcher) = source.location {
            fetcher.timeout = failure.timeout
            configured.location = .url(fetcher)
        }
        let calendar = configured
        let instance = JSONTimelineInstance.make { context in try await calendar.timeline(now: context.date) }
        return TimelineEngine.Widget(name: name, kind: kind, family: family, instance: instance, budget: budget, failurePolicy: failure, fingerprint: fingerprint(table, family))
    }

    /// `kind = "recorded"`: a timeline kept in a file.
    static func recordedWidget(_ widget: ProviderKind.Widget, reader: inout ConfigReader) -> TimelineEngine.Widget? {
        let (name, kind, table, path, family) = (widget.name, widget.kind, widget.table, widget.path, widget.family)
        // A timeline kept in a file: the benchmark's stand-in for network widgets, and a
        // way to show a prepared day.
        reader.rejectUnknown(table, known: widgetKeys + ["file"], at: path)
        guard let file = reader.string(table, "file", at: path) else {
            if table["file"] == nil { reader.report(table.line, path, "no file; expected file = \"timeline.json\" (a JSON timeline, docs/TIMELINE-JSON.md)") }
            return nil
        }
        let resolved = file.hasPrefix("/") ? file : reader.directory + "/" + file
        guard let data = FileManager.default.contents(atPath: resolved) else {
            reader.report(table["file"]!.line, "\(path).file", "cannot read \(resolved)")
            return nil
        }
        let recorded: TimelineJSON
        do {
            recorded = try TimelineJSON.decode(data, now: Date(timeIntervalSince1970: 0))
        } catch {
            reader.report(table["file"]!.line, "\(path).file", "\(resolved) is not a timeline: \(error)")
            return nil
        }
        let (budget, failure) = limits(table, at: path, local: true, reader: &reader)
        // The whole recording at once; its own policy decides when it is asked again.
        let instance = JSONTimelineInstance.make { _ in recorded }
        return TimelineEngine.Widget(name: name, kind: kind, family: family, instance: instance, budget: budget, failurePolicy: failure, fingerprint: fingerprint(table, family))
    }

    /// `kind = "http"`: a JSON API's answer, as a timeline or through a template.
    static func httpWidget(_ widget: ProviderKind.Widget, reader: inout ConfigReader) -> TimelineEngine.Widget? {
        let (name, kind, table, path, family) = (widget.name, widget.kind, widget.table, widget.path, widget.family)
        reader.rejectUnknown(table, known: widgetKeys + ["url", "every", "headers", "max_body", "text", "symbol", "emoji", "lines", "gauge"], at: path)
        guard let source = HTTPWidgetSource.read(table, at: path, reader: &reader) else { return nil }
        reader.fetchesOverHTTP = true
        var (budget, failure) = limits(table, at: path, local: false, reader: &reader)
        budget = paced(budget, every: source.interval, table)
        var fetcher = source.fetcher
        fetcher.timeout = failure.timeout
        let configured = fetcher
        failure.timeout += 1  // the request's own deadline fires first, with its message
        let instance = JSONTimelineInstance.make { context in try await source.timeline(fetcher: configured, now: context.date) }
        return TimelineEngine.Widget(name: name, kind: kind, family: family, instance: instance, budget: budget, failurePolicy: failure, fingerprint: fingerprint(table, family))
    }

    /// `kind = "mqtt"`: the last message on a topic of the `[mqtt]` broker.
    static func mqttWidget(_ widget: ProviderKind.Widget, reader: inout ConfigReader) -> TimelineEngine.Widget? {
        let (name, table, path, family) = (widget.name, widget.table, widget.path, widget.family)
        reader.rejectUnknown(table, known: widgetKeys + ["topic", "stale_after"] + EntryTemplate.keys, at: path)
        guard let source = mqttSource(name, table, at: path, hasBroker: reader.hasMQTTBroker, reader: &reader) else { return nil }
        reader.mqttFilters[name] = source.filter
        let board = reader.mqttBoard
        let instance = JSONTimelineInstance.make { context in try await OwnThread.reading(named: "mqtt payload") { () throws(MQTTWidgetSource.Failure) in try source.timeline(board: board, now: context.date) } }
        // The engine asks when a message arrives.
        return TimelineEngine.Widget(name: name, kind: MQTTBoard.kind(of: name), family: family, instance: instance, budget: .unlimited, fingerprint: fingerprint(table, family), askInterval: 0)
    }

    /// `kind = "homeassistant"`: an entity's state, from the REST API or statestream.
    static func homeAssistantWidget(_ widget: ProviderKind.Widget, reader: inout ConfigReader) -> TimelineEngine.Widget? {
        let (name, kind, table, path, family) = (widget.name, widget.kind, widget.table, widget.path, widget.family)
        reader.rejectUnknown(table, known: widgetKeys + ["entity", "attribute", "min", "max", "symbol", "stale_after", "every"], at: path)
        guard var source = homeAssistantSource(name, table, at: path, statestream: reader.statestream, reader: &reader) else { return nil }
        if let rest = source.rest {
            var (budget, failure) = limits(table, at: path, local: false, reader: &reader)
            budget = paced(budget, every: rest.interval, table)
            source.rest?.fetcher.timeout = failure.timeout
            failure.timeout += 1  // the request's own deadline fires first, with its message
            let configured = source
            let instance = JSONTimelineInstance.make { context in try await configured.fetch(now: context.date) }
            return TimelineEngine.Widget(name: name, kind: kind, family: family, instance: instance, budget: budget, failurePolicy: failure, fingerprint: fingerprint(table, family))
        }
        reader.mqttFilters[name] = source.filter
        let board = reader.mqttBoard
        let configured = source
        let instance = JSONTimelineInstance.make { context in try await configured.pushed(board: board, now: context.date) }
        return TimelineEngine.Widget(name: name, kind: MQTTBoard.kind(of: name), family: family, instance: instance, budget: .unlimited, fingerprint: fingerprint(table, family), askInterval: 0)
    }

    /// `kind = "push"`: the timeline last pushed to it (socket, web, broker).
    static func pushWidget(_ widget: ProviderKind.Widget, reader: inout ConfigReader) -> TimelineEngine.Widget? {
        let (name, table, path, family, board) = (widget.name, widget.table, widget.path, widget.family, widget.board)
        reader.rejectUnknown(table, known: ["kind", "family"], at: path)
        // A pushed timeline's own policy is not followed: the next push is the reload.
        let instance = JSONTimelineInstance.make { _ in
            var timeline = board.timeline(for: name)
            timeline.policy = .never
            return timeline
        }
        // Pushes cost nothing to read; the engine asks when one arrives.
        return TimelineEngine.Widget(name: name, kind: PushBoard.kind(of: name), family: family, instance: instance, budget: .unlimited, fingerprint: fingerprint(table, family), askInterval: 0)
    }
}
