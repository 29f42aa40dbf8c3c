import Accessory
import Canvas
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Panel
import Providers
import ZoneInfo
import ProviderOptions

/// One reader of outside input, fed whatever the mutator makes: it must return a value
/// or an error, never trap, hang or exhaust the stack.
struct FuzzTarget: Sendable {
    let name: String
    /// Where its seed inputs are, relative to the repository (files, or folders of them).
    let seeds: [String]
    /// Seeds written here, for targets with no files of their own.
    var inline: [String] = []
    let run: @Sendable ([UInt8]) -> Void

    static let kinds = WidgetRegistry.standard(systemRoot: "/nonexistent").kinds

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "toml", seeds: ["deploy/examples", "bench", "Tests/Fixtures/config", "Examples/TubeStatus/tubestatus.toml"]) { bytes in
            // The reader and the whole checker, as `lockscreend check` runs them.
            guard let text = String(validating: bytes, as: UTF8.self) else { return }
            _ = try? LockScreenConfig.parse(text, file: "fuzz.toml", kinds: kinds, files: NoFiles()).content
        },
        FuzzTarget(name: "timeline", seeds: ["bench/weather.json", "bench/cpu.json", "bench/battery.json", "bench/weather-line.json"], inline: timelineSeeds) { bytes in
            // A push or a command's output, read and drawn.
            guard let timeline = try? TimelineJSON.decode(Data(bytes), now: Date(timeIntervalSince1970: 1_795_356_297)) else { return }
            for entry in timeline.entries.prefix(8) { draw(entry) }
        },
        FuzzTarget(name: "control", seeds: [], inline: controlSeeds) { bytes in
            _ = try? ControlRequest.decode(Data(bytes))
        },
        FuzzTarget(name: "state", seeds: [], inline: stateSeeds) { bytes in
            // Saved state read back at start: decoded, checked as a push, drawn.
            guard let file = try? StateStore.decode(Data(bytes), path: "fuzz.json") else { return }
            if let saved = file.activities {
                var band = ActivityBand(presenters: [])
                band.restore(saved.records, retired: saved.retired, now: Date(timeIntervalSince1970: 1_795_356_297))
                _ = band.place(size: Size(width: 370, height: 160), now: Date(timeIntervalSince1970: 1_795_356_297)) { _ in EnvironmentValues() }
            }
            for widget in file.widgets.values {
                for saved in widget.entries.prefix(8) {
                    guard let entry = RenderableEntry.decode(TimelineJSON.Entry.self, from: saved.data).flatMap(TimelineJSON.validated) else { continue }
                    draw(entry)
                }
            }
        },
        FuzzTarget(name: "icalendar", seeds: ["Tests/Fixtures/calendar", "Tests/conformance/calendars/recurring-ical-events"]) { bytes in
            guard let text = String(validating: bytes, as: UTF8.self),
                  let calendar = try? ICalendar.parse(text, zone: .utc) else { return }
            let now = Date(timeIntervalSince1970: 1_795_356_297)
            // A tenth of the daemon's budget: the refusal path is reached as often, in a tenth of the time.
            _ = try? calendar.occurrences(from: now, to: now.addingTimeInterval(7 * 86_400), zone: .utc, budget: ICalendar.walkBudget / 10)
        },
        FuzzTarget(name: "jpeg", seeds: ["Tests/CanvasTests/Fixtures/gradient.jpg", "Examples/GameStats/Sources/gamestatsd/Images"]) { bytes in
            // A picture a widget shows or an image widget fetches, PNG or JPEG by its
            // bytes: decoded (whole and shrunk while decoding) or refused, never a crash.
            _ = try? Bitmap(jpegData: bytes, name: "fuzz.jpg")
            _ = try? Bitmap(imageData: bytes, name: "fuzz", leastSide: 16)
        },
        FuzzTarget(name: "mqtt", seeds: [], inline: mqttSeeds) { bytes in
            // A message from the broker: its topic (the first line) against the filters,
            // its payload through an mqtt widget's template and a Home Assistant entity's.
            let split = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
            let topic = String(decoding: bytes[..<split], as: UTF8.self)
            let payload = Array(bytes[min(split + 1, bytes.endIndex)...])
            _ = MQTTTopicFilter(topic)?.matches(topic)
            _ = mqttBoard.receive(topic: topic, payload: payload, at: Date(timeIntervalSince1970: 1_795_356_297))
            for source in mqttSources {
                guard let entry = (try? source.timeline(board: mqttBoard, now: Date(timeIntervalSince1970: 1_795_356_297)))?.entries.first else { continue }
                draw(entry)
            }
            if let entry = (try? homeAssistant.timeline(board: mqttBoard, now: Date(timeIntervalSince1970: 1_795_356_297)))?.entries.first { draw(entry) }
        },
        FuzzTarget(name: "eeprom", seeds: [], inline: ["\u{90}\u{01}\u{2C}\u{01}\u{02}\u{0C}\u{12}\u{1A}2023-01-31 12:00:00.000"]) { bytes in
            // An Inky board's identity record, as read over I2C.
            _ = InkyEEPROM(bytes)?.model
        },
        web,
        activity,
        broker,
        touch,
        FuzzTarget(name: "tzif", seeds: ["/usr/share/zoneinfo/Europe/London", "/usr/share/zoneinfo/America/New_York", "/usr/share/zoneinfo/Australia/Lord_Howe"]) { bytes in
            guard let zone = ZoneRules(identifier: "Fuzz/Zone", tzif: bytes) else { return }
            for t in stride(from: -4_000_000_000.0, through: 8_000_000_000, by: 700_000_000) {
                _ = zone.civil(Date(timeIntervalSince1970: t))
            }
        },
    ]

    /// Widgets fed by the mqtt target: a text template, a gauge, a Home Assistant entity.
    static let mqttSources: [MQTTWidgetSource] = {
        var text = EntryTemplate()
        text.text = try? JSONTemplate("{$}° {$.a[0].b}")
        var gauge = EntryTemplate()
        gauge.gauge = JSONPath("$.watts").map { EntryTemplate.Gauge(value: $0) }
        return [
            MQTTWidgetSource(name: "text", filter: MQTTTopicFilter("#")!, template: text),
            MQTTWidgetSource(name: "gauge", filter: MQTTTopicFilter("+/+")!, template: gauge),
        ]
    }()
    static let homeAssistant = HomeAssistantWidgetSource(name: "ha", entity: "sensor.t", base: "ha")
    static let mqttBoard: MQTTBoard = {
        let board = MQTTBoard()
        board.setWidgets(["text": MQTTTopicFilter("#")!, "gauge": MQTTTopicFilter("+/+")!, "ha": homeAssistant.filter])
        return board
    }()
    static let mqttSeeds = [
        "home/kitchen/temperature\n21.5", "home/power\n{\"watts\": 1200}", "ha/sensor/t/state\n19.0", "ha/sensor/t/unit_of_measurement\n\"°C\"",
        "a/+/#\n{\"a\": [{\"b\": \"x\"}]}", "$SYS/x\nunavailable",
    ]

    /// Lays `entry` out as a rectangular widget, then hit-tests its controls as a tap
    /// would: inside, on the edges, far outside, clipped to the widget.
    static func draw(_ entry: TimelineJSON.Entry) {
        let placed = JSONTimelineInstance.render(entry).place(size: Size(width: 172, height: 76), environment: EnvironmentValues())
        _ = placed.nextChange(after: Date(timeIntervalSince1970: 1_795_356_297))
        for (_, frame) in placed.controls { _ = frame.intersection(placed.frame)?.integral }
        for point in [Point(x: 86, y: 38), Point(x: 0, y: 0), Point(x: 171.99, y: 75.99), Point(x: -1e308, y: 1e308)] { _ = placed.control(at: point) }
    }

    static let timelineSeeds = [
        #"{"entries": [{"text": "Rain at 4", "symbol": "cloud.rain", "gauge": {"value": 0.4, "min": 0, "max": 1, "label": "UV"}}], "policy": {"after": "2026-11-22T15:00:00Z"}}"#,
        #"{"entries": [{"date": 1795356297, "relevance": {"score": 5, "duration": 600}, "view": {"vstack": [{"text": "a", "font": "headline", "lineLimit": 2}, {"progress": {"value": 3, "total": 10}}, {"hstack": [{"image": "star"}, {"spacer": true}], "spacing": 4}], "padding": 2, "opacity": 0.5}}], "policy": "never"}"#,
        #"{"entries": [{"view": {"hstack": [{"button": {"title": "On", "url": "lamp://on", "on": true}, "padding": -1000, "font": 500}, {"button": {"title": "Off", "url": "lamp://off"}, "padding": 1000, "font": 1}], "spacing": 1000}}]}"#,
        #"{"entries": [{"view": {"vstack": [{"zstack": [{"button": {"title": "A", "url": "a://b"}}, {"text": "x", "lineLimit": 1000, "font": 200}], "padding": -999}, {"spacer": true}], "alignment": "trailing"}}]}"#,
        #"{"entries": [{"lines": ["one", "two"], "emoji": "🌧"}, {"date": "2026-11-22T16:00:00Z", "view": {"zstack": [{"gauge": {"value": 12, "max": 20, "style": "capacity"}}], "accent": true}}], "policy": "atEnd"}"#,
    ]

    static let controlSeeds = [
        #"{"request": "status"}"#, #"{"request": "snapshot"}"#, #"{"request": "reload", "kind": "tube"}"#, #"{"request": "reload", "all": true}"#,
        #"{"request": "push", "widget": "inbox", "timeline": {"entries": [{"text": "hi"}]}}"#,
        #"{"request": "activity", "token": "00aa11bb22cc33dd", "priority": 5, "payload": {"aps": {"event": "end", "timestamp": 1795356300}}}"#,
    ]

    static let stateSeeds = [
        #"{"format":"lockscreend-state","version":1,"widgets":{"p":{"kind":"push.p","family":"accessoryInline","policy":{"kind":{"never":{}}},"entries":[{"date":1795356297,"data":"eyJkYXRlIjoxNzk1MzU2Mjk3LCJjb250ZW50Ijp7InRleHQiOiJoaSJ9fQ=="}]}}}"#,
        #"{"format":"lockscreend-state","version":1,"widgets":{},"activities":{"records":[{"id":"00aa11bb22cc33dd","attributesType":"LockScreenActivity","attributes":"e30=","state":"eyJtZXNzYWdlIjoiaGkifQ==","relevanceScore":0,"phase":"active","started":1795356297,"timestamp":1795356297}],"retired":{"00aa11bb22cc33ee":1795356000}}}"#,
    ]
}
