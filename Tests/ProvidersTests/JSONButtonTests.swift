import Accessory
import Canvas
import Foundation
import Testing
@testable import Providers
import TestSupport

/// Buttons in JSON timelines: a tap opens an address the configuration maps to an action.
@Suite("JSON buttons")
struct JSONButtonTests {
    @Test("a button view is a control opening its address; bad addresses and keys are refused with their path")
    func buttons() throws {
        let timeline = try TimelineJSON.decode(Data(#"""
            {"entries": [{"view": {"hstack": [{"text": "Lamp"}, {"spacer": true}, {"button": {"title": "On", "url": "lamp://desk/on", "on": true}}]}}]}
            """#.utf8), now: testNow)
        let entry = try #require(timeline.entries.first)
        let placed = place(.accessoryRectangular) { JSONEntryView(entry: entry) }
        #expect(placed.controls.map(\.control.action.url) == ["lamp://desk/on"])
        #expect(placed.texts.contains("On"))
        for (bad, expected) in [
            (#"{"button": {"title": "On", "url": "rm -rf /"}}"#, "$.entries[0].view.button.url"),
            (#"{"button": {"url": "lamp://on"}}"#, #"$.entries[0].view.button: no "title""#),
            (#"{"button": {"title": "On", "url": "lamp://on", "command": ["sh"]}}"#, "$.entries[0].view.button.command"),
            (#"{"button": {"title": "On", "url": "lamp://on", "on": "yes"}}"#, "$.entries[0].view.button.on"),
        ] {
            do {
                let text = "{\"entries\": [{\"view\": " + bad + "}]}"
                _ = try TimelineJSON.decode(Data(text.utf8), now: testNow)
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
            }
        }
    }
}
