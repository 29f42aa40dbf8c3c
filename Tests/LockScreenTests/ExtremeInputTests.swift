import Accessory
import Canvas
import Foundation
import LockScreenModel  // for .inline
import Panel
import Testing
@testable import Config
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import JSON
import TestSupport
import DaemonTestSupport

/// Numbers from outside — a push, a command's output, saved state — are range-checked
/// where they are read: a timeline that carries one out of range is refused with its
/// JSON path, and nothing reaches an `Int(…)` or a date computation that can trap.
@Suite("Extreme input")
struct ExtremeInputTests {
    func decode(_ text: String) throws(TimelineJSON.Failure) -> TimelineJSON {
        try TimelineJSON.decode(Data(text.utf8), now: testNow)
    }

    @Test("the numbers that killed the daemon are refused with their path", arguments: [
        (#"{"entries": [{"view": {"text": "a", "lineLimit": 1e19}}]}"#, "$.entries[0].view.lineLimit: expected a number from 1 to 1000, found 1e+19"),
        (#"{"entries": [{"view": {"text": "a", "padding": -1e19}}]}"#, "$.entries[0].view.padding: expected a number from -1000 to 1000, found -1e+19"),
        (#"{"entries": [{"date": 1e300, "text": "a"}]}"#, "$.entries[0].date: expected a date from 1970 to 9999 (ISO 8601 text or seconds since 1970), found a number"),
        (#"{"entries": [{"date": -1e300, "text": "a"}]}"#, "$.entries[0].date: expected a date from 1970 to 9999 (ISO 8601 text or seconds since 1970), found a number"),
        (#"{"entries": [], "policy": {"after": -1e300}}"#, "$.policy.after: expected a date from 1970 to 9999 (ISO 8601 text or seconds since 1970), found a number"),
        (#"{"entries": [{"gauge": {"value": 1, "max": 1e308}}]}"#, "$.entries[0].gauge.max: expected a number from -1e+15 to 1e+15, found 1e+308"),
        (#"{"entries": [{"text": "a", "relevance": {"score": 1e300}}]}"#, "$.entries[0].relevance.score: expected a number from -1e+06 to 1e+06, found 1e+300"),
        (#"{"entries": [{"view": {"text": "a", "font": 1e19}}]}"#, "$.entries[0].view.font: expected a number from 1 to 500, found 1e+19"),
    ])
    func refused(json: String, issue: String) {
        #expect(throws: TimelineJSON.Failure(issues: [issue])) { try decode(json) }
    }

    /// Every numeric key of a timeline, each given every extreme value: refused, or
    /// accepted and drawn without a trap.
    @Test("300 extreme numbers in every numeric key: refused or drawn, never a crash")
    func extremes() throws {
        let magnitudes: [Double] = [0, 1e-300, 0.5, 1, 999, 1_000, 1_001, 1e6, 1e9, 1e15, 1e16, 1e19, 9.3e18, 1e300, .greatestFiniteMagnitude]
        let values = magnitudes.flatMap { [$0, -$0] }
        let templates = [
            #"{"entries": [{"date": X, "text": "a"}]}"#,
            #"{"entries": [{"text": "a", "relevance": {"score": X, "duration": X}}]}"#,
            #"{"entries": [{"gauge": {"value": X, "min": X, "max": X}}]}"#,
            #"{"entries": [{"view": {"progress": {"value": X, "total": X}}}]}"#,
            #"{"entries": [{"view": {"vstack": [{"text": "a"}], "spacing": X, "padding": X}}]}"#,
            #"{"entries": [{"view": {"text": "a", "lineLimit": X, "opacity": X, "font": X}}]}"#,
            #"{"entries": [{"view": {"gauge": {"value": X}, "padding": X}}], "policy": {"after": X}}"#,
            #"{"entries": [{"view": {"hstack": [{"text": "a"}], "spacing": X}}]}"#,
            #"{"entries": [{"gauge": {"value": X, "style": "linear"}}]}"#,
            #"{"entries": [{"view": {"text": "a", "padding": X}}]}"#,
        ]
        var accepted = 0, refused = 0
        for template in templates {
            for value in values {
                let json = template.replacingOccurrences(of: "X", with: "\(value)")
                guard let timeline = try? decode(json) else {
                    refused += 1
                    continue
                }
                accepted += 1
                for entry in timeline.entries {
                    let placed = JSONTimelineInstance.render(entry).place(size: Size(width: 172, height: 76), environment: EnvironmentValues())
                    _ = placed.nextChange(after: testNow)
                }
            }
        }
        #expect(accepted + refused == 300)
        #expect(accepted > 0 && refused > 0)
    }

    @Test("a saved entry a push would be refused for is dropped at start with a warning, not drawn")
    func savedState() async throws {
        let folder = try TemporaryFolder("extreme")
        defer { folder.remove() }
        let dir = folder.path
        let config = try RunningConfig.parse("[layout]\ninline = \"p\"\n[widgets.p]\nkind = \"push\"", file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        // Written as a push that got past no check would be: lineLimit -1e300, dated
        // a minute ahead, so it is due at the next start.
        let entry = TimelineJSON.Entry(date: testNow + 60, relevance: nil, content: .object(["view": .object(["text": .string("x"), "lineLimit": .number(-1e300)])]))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let store = StateStore(directory: dir)
        try store.save(StateStore.File(widgets: ["p": StateStore.SavedWidget(
            kind: config.content.inline!.widgets[0].kind, family: .accessoryInline, policy: .never,
            entries: [StateStore.SavedEntry(date: testNow + 60, relevance: nil, data: try encoder.encode(entry))])]))
        let clock = ManualClock(start: testNow + 120)
        var options = testOptions(width: 250, height: 122)
        options.start = testNow + 120
        let display = MemoryDisplay(width: 250, height: 122, keepsHistory: false)
        let daemon = LockScreenDaemon(content: config.content, renderer: LockScreenApplication.renderer(options), display: display, clock: clock, stateStore: store, logger: quietLogger)
        await daemon.restoreState()
        try await daemon.step(now: testNow + 120)
        #expect(await daemon.engine.shown(0, at: testNow + 120).isPlaceholder)
        #expect(display.presentations.count == 1)
    }
}
