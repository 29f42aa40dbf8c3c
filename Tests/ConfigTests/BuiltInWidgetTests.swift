import Accessory
import Canvas
@testable import Config
import Foundation
@testable import LockScreen
import LockScreenModel
import Testing
import ZoneInfo
@testable import JSON
@testable import Providers
import TestSupport
@testable import ControlProtocol
@testable import TimelineEngine
import DaemonTestSupport

@Suite("Built-in kinds")
struct BuiltInWidgetTests {
    let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)

    /// The inline text a configured widget draws at `now` (its flattened line; an icon
    /// shows as its ligature name).
    func inlineText(_ table: String, now: Date = testNow) async throws -> String {
        let config = try RunningConfig.parse("[layout]\ninline = \"w\"\n[widgets.w]\n" + table, file: "t.toml", registry: registry)
        let widget = config.content.inline!.widgets[0]
        let (w, h) = WidgetFamily.accessoryInline.referenceSize
        let timeline = try await widget.instance.timeline(TimelineProviderContext(family: .accessoryInline, displaySize: CGSize(width: w, height: h), date: now))
        var renderer = LockScreenRenderer(layout: LockScreenLayout(width: 800, height: 480))
        renderer.face.timeZone = ZoneRules.utc
        let placed = renderer.placeUnit(try #require(timeline.entries.first), family: .accessoryInline, now: now)
        return placed.texts.joined(separator: " ")
    }

    @Test("text: a fixed line with its emoji")
    func text() async throws {
        #expect(try await inlineText("kind = \"text\"\ntext = \"Water the plants\"\nemoji = \"🪴\"") == "🪴 Water the plants")
    }

    @Test("clock: the time in the chosen zone, labelled with its city")
    func clock() async throws {
        let tokyo = try await inlineText("kind = \"clock\"\nzone = \"Asia/Tokyo\"")
        #expect(tokyo == "public Tokyo 23:04")
        let newYork = try await inlineText("kind = \"clock\"\nzone = \"America/New_York\"\nlabel = \"NYC\"")
        #expect(newYork == "public NYC 09:04")
    }

    @Test("countdown: relative text until the date; a bad date is a config error")
    func countdown() async throws {
        let text = try await inlineText("kind = \"countdown\"\ntitle = \"Launch\"\ndate = 2026-11-22T16:04:57Z")
        // The leading icon (a Material Icons ligature), then relative text as iOS words it.
        #expect(text == "timer Launch 2 hr, 0 min")
        #expect(throws: ConfigErrors.self) {
            try RunningConfig.parse("[layout]\ninline = \"w\"\n[widgets.w]\nkind = \"countdown\"\ndate = \"soon\"", file: "t.toml", registry: registry)
        }
    }

    @Test("the clock's font is a fontconfig family name")
    func clockFont() throws {
        let config = try RunningConfig.parse("[clock]\nfont = \"DejaVu Sans\"", file: "t.toml", registry: registry)
        #expect(config.face.clockFont == "DejaVu Sans")
        #expect(throws: ConfigErrors.self) { try RunningConfig.parse("[clock]\nfont = \"\"", file: "t.toml", registry: registry) }
    }
}
