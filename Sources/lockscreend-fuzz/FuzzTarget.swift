import Accessory
import Canvas
import Config
import ControlProtocol
import FoundationEssentials
import JSON
import LockScreen
import Providers
import ZoneInfo

/// One reader of outside input, fed whatever the mutator makes: it must return a value
/// or an error, never trap, hang or exhaust the stack.
struct FuzzTarget: Sendable {
    let name: String
    /// Where its seed inputs are, relative to the repository (files, or folders of them).
    let seeds: [String]
    /// Seeds written here, for targets with no files of their own.
    var inline: [String] = []
    let run: @Sendable ([UInt8]) -> Void

    static let registry = WidgetRegistry.standard(systemRoot: "/nonexistent")

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "toml", seeds: ["deploy/examples", "bench", "Tests/LockScreenTests/Fixtures/config", "Examples/TubeStatus/tubestatus.toml"]) { bytes in
            // The reader and the whole checker, as `lockscreend check` runs them.
            guard let text = String(validating: bytes, as: UTF8.self) else { return }
            _ = try? LockScreenConfig.parse(text, file: "fuzz.toml", registry: registry).content
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
            for widget in file.widgets.values {
                for saved in widget.entries.prefix(8) {
                    guard let entry = RenderableEntry.decode(TimelineJSON.Entry.self, from: saved.data).flatMap(TimelineJSON.validated) else { continue }
                    draw(entry)
                }
            }
        },
        FuzzTarget(name: "icalendar", seeds: ["Tests/LockScreenTests/Fixtures/calendar"]) { bytes in
            guard let text = String(validating: bytes, as: UTF8.self),
                  let calendar = try? ICalendar.parse(text, zone: .utc) else { return }
            let now = Date(timeIntervalSince1970: 1_795_356_297)
            _ = calendar.occurrences(from: now, to: now.addingTimeInterval(7 * 86_400), zone: .utc)
        },
        FuzzTarget(name: "jpeg", seeds: ["Tests/CanvasTests/Fixtures/gradient.jpg", "Examples/GameStats/Sources/gamestatsd/Images"]) { bytes in
            // A picture a widget shows: decoded or refused, never a crash.
            _ = try? Bitmap(jpegData: bytes, name: "fuzz.jpg")
        },
        FuzzTarget(name: "tzif", seeds: ["/usr/share/zoneinfo/Europe/London", "/usr/share/zoneinfo/America/New_York", "/usr/share/zoneinfo/Australia/Lord_Howe"]) { bytes in
            guard let zone = ZoneRules(identifier: "Fuzz/Zone", tzif: bytes) else { return }
            for t in stride(from: -4_000_000_000.0, through: 8_000_000_000, by: 700_000_000) {
                _ = zone.civil(Date(timeIntervalSince1970: t))
            }
        },
    ]

    static func draw(_ entry: TimelineJSON.Entry) {
        let placed = JSONTimelineInstance.render(entry).place(size: Size(width: 172, height: 76), environment: EnvironmentValues())
        _ = placed.nextChange(after: Date(timeIntervalSince1970: 1_795_356_297))
    }

    static let timelineSeeds = [
        #"{"entries": [{"text": "Rain at 4", "symbol": "cloud.rain", "gauge": {"value": 0.4, "min": 0, "max": 1, "label": "UV"}}], "policy": {"after": "2026-11-22T15:00:00Z"}}"#,
        #"{"entries": [{"date": 1795356297, "relevance": {"score": 5, "duration": 600}, "view": {"vstack": [{"text": "a", "font": "headline", "lineLimit": 2}, {"progress": {"value": 3, "total": 10}}, {"hstack": [{"image": "star"}, {"spacer": true}], "spacing": 4}], "padding": 2, "opacity": 0.5}}], "policy": "never"}"#,
        #"{"entries": [{"lines": ["one", "two"], "emoji": "🌧"}, {"date": "2026-11-22T16:00:00Z", "view": {"zstack": [{"gauge": {"value": 12, "max": 20, "style": "capacity"}}], "accent": true}}], "policy": "atEnd"}"#,
    ]

    static let controlSeeds = [
        #"{"request": "status"}"#, #"{"request": "snapshot"}"#, #"{"request": "reload", "kind": "tube"}"#, #"{"request": "reload", "all": true}"#,
        #"{"request": "push", "widget": "inbox", "timeline": {"entries": [{"text": "hi"}]}}"#,
    ]

    static let stateSeeds = [
        #"{"format":"lockscreend-state","version":1,"widgets":{"p":{"kind":"push.p","family":"accessoryInline","policy":{"kind":{"never":{}}},"entries":[{"date":1795356297,"data":"eyJkYXRlIjoxNzk1MzU2Mjk3LCJjb250ZW50Ijp7InRleHQiOiJoaSJ9fQ=="}]}}}"#,
    ]
}
