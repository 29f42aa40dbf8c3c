import FoundationEssentials
import ProviderOptions
import TOML  // for .line
import WidgetKitCore

/// The kinds read with tables and arrays (`WidgetKinds.TableKind`), each into its
/// specification.
extension LockScreenConfig {
    /// What a kind's reader is given: the widget's name, kind, table, `widgets.NAME` for
    /// messages, and the family it is drawn in (given, or the one its place takes).
    struct KindTable {
        let name: String
        let kind: String
        let table: TOMLTable
        let path: String
        let family: WidgetFamily
    }

    /// `table` read as its kind says; nil when it cannot run (the reader has the reasons).
    static func tableWidget(_ widget: KindTable, of kind: WidgetKinds.TableKind, kinds: WidgetKinds, reader: inout ConfigReader) -> WidgetSpecification? {
        switch kind {
        case .calendar: calendarWidget(widget, reader: &reader)
        case .command: commandWidget(widget, reader: &reader)
        case .homeassistant: homeAssistantWidget(widget, reader: &reader)
        case .http: httpWidget(widget, reader: &reader)
        case .image: imageWidget(widget, reader: &reader)
        case .mqtt: mqttWidget(widget, reader: &reader)
        case .push: pushWidget(widget, reader: &reader)
        case .recorded: recordedWidget(widget, kinds: kinds, reader: &reader)
        }
    }

    /// `kind = "command"`: a program's output, a JSON timeline, run on the widget's policy.
    static func commandWidget(_ widget: KindTable, reader: inout ConfigReader) -> WidgetSpecification? {
        let (name, table, path, family) = (widget.name, widget.table, widget.path, widget.family)
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
        return widget.specification(budget: budget, failure: failure, source: .command(runner))
    }

    /// `kind = "calendar"`: an iCalendar file or URL's next events.
    static func calendarWidget(_ widget: KindTable, reader: inout ConfigReader) -> WidgetSpecification? {
        let (table, path, family) = (widget.table, widget.path, widget.family)
        reader.rejectUnknown(table, known: widgetKeys + ["file", "url", "days", "every", "time_zone"], at: path)
        guard var source = CalendarSource.read(table, at: path, family: family, reader: &reader) else { return nil }
        // A local file costs nothing to read; a URL is budgeted like any web API.
        var local = false
        if case .file = source.location { local = true } else { reader.fetchesOverHTTP = true }
        var (budget, failure) = limits(table, at: path, local: local, reader: &reader)
        budget = paced(budget, every: source.interval, table)
        if case var .url(fetcher) = source.location {
            fetcher.timeout = failure.timeout
            source.location = .url(fetcher)
        }
        return widget.specification(budget: budget, failure: failure, source: .calendar(source))
    }

    /// `kind = "recorded"`: a timeline kept in a file.
    static func recordedWidget(_ widget: KindTable, kinds: WidgetKinds, reader: inout ConfigReader) -> WidgetSpecification? {
        let (table, path) = (widget.table, widget.path)
        // A timeline kept in a file: the benchmark's stand-in for network widgets, and a
        // way to show a prepared day.
        reader.rejectUnknown(table, known: widgetKeys + ["file"], at: path)
        guard let file = reader.string(table, "file", at: path) else {
            if table["file"] == nil { reader.report(table.line, path, "no file; expected file = \"timeline.json\" (a JSON timeline, docs/TIMELINE-JSON.md)") }
            return nil
        }
        let resolved = file.hasPrefix("/") ? file : reader.directory + "/" + file
        guard let data = reader.files.contents(of: resolved, limit: RecordedTimeline.maximumSize) else {
            reader.report(table["file"]!.line, "\(path).file", "cannot read \(resolved)")
            return nil
        }
        let decoded: any Sendable
        switch kinds.readTimeline(data) {
        case let .success(timeline): decoded = timeline
        case let .failure(problem):
            reader.report(table["file"]!.line, "\(path).file", "\(resolved) is not a timeline: \(problem)")
            return nil
        }
        let (budget, failure) = limits(table, at: path, local: true, reader: &reader)
        return widget.specification(budget: budget, failure: failure, source: .recorded(RecordedTimeline(file: resolved, json: data, decoded: decoded)))
    }

    /// `kind = "http"`: a JSON API's answer, as a timeline or through a template.
    static func httpWidget(_ widget: KindTable, reader: inout ConfigReader) -> WidgetSpecification? {
        let (table, path) = (widget.table, widget.path)
        reader.rejectUnknown(table, known: widgetKeys + ["url", "every", "headers", "max_body", "text", "symbol", "emoji", "lines", "gauge"], at: path)
        guard var source = HTTPWidgetSource.read(table, at: path, reader: &reader) else { return nil }
        reader.fetchesOverHTTP = true
        var (budget, failure) = limits(table, at: path, local: false, reader: &reader)
        budget = paced(budget, every: source.interval, table)
        source.fetcher.timeout = failure.timeout
        failure.timeout += 1  // the request's own deadline fires first, with its message
        return widget.specification(budget: budget, failure: failure, source: .http(source))
    }

    /// `kind = "mqtt"`: the last message on a topic of the `[mqtt]` broker.
    static func mqttWidget(_ widget: KindTable, reader: inout ConfigReader) -> WidgetSpecification? {
        let (name, table, path) = (widget.name, widget.table, widget.path)
        reader.rejectUnknown(table, known: widgetKeys + ["topic", "stale_after"] + EntryTemplate.keys, at: path)
        guard let source = mqttSource(name, table, at: path, hasBroker: reader.hasMQTTBroker, reader: &reader) else { return nil }
        reader.mqttFilters[name] = source.filter
        // The engine asks when a message arrives.
        return widget.specification(budget: .unlimited, failure: FailurePolicy(), source: .mqtt(source))
    }

    /// `kind = "homeassistant"`: an entity's state, from the REST API or statestream.
    static func homeAssistantWidget(_ widget: KindTable, reader: inout ConfigReader) -> WidgetSpecification? {
        let (name, table, path) = (widget.name, widget.table, widget.path)
        reader.rejectUnknown(table, known: widgetKeys + ["entity", "attribute", "min", "max", "symbol", "stale_after", "every"], at: path)
        guard var source = homeAssistantSource(name, table, at: path, statestream: reader.statestream, reader: &reader) else { return nil }
        if let rest = source.rest {
            var (budget, failure) = limits(table, at: path, local: false, reader: &reader)
            budget = paced(budget, every: rest.interval, table)
            source.rest?.fetcher.timeout = failure.timeout
            failure.timeout += 1  // the request's own deadline fires first, with its message
            return widget.specification(budget: budget, failure: failure, source: .homeAssistant(source))
        }
        reader.mqttFilters[name] = source.filter
        return widget.specification(budget: .unlimited, failure: FailurePolicy(), source: .homeAssistant(source))
    }

    /// `kind = "push"`: the timeline last pushed to it (socket, web, broker).
    static func pushWidget(_ widget: KindTable, reader: inout ConfigReader) -> WidgetSpecification? {
        reader.rejectUnknown(widget.table, known: ["kind", "family"], at: widget.path)
        // Pushes cost nothing to read; the engine asks when one arrives.
        return widget.specification(budget: .unlimited, failure: FailurePolicy(), source: .push)
    }
}

extension LockScreenConfig.KindTable {
    /// This widget's specification.
    func specification(budget: ReloadBudget, failure: FailurePolicy, source: WidgetSpecification.Source) -> WidgetSpecification {
        WidgetSpecification(name: name, kind: kind, family: family, budget: budget, failurePolicy: failure, source: source)
    }
}
