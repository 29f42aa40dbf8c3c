import AppIntentsCore  // for .url
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

    @Test("an entry's view tree is bounded in views and in characters, where it is read (round 4, attacks 4 and 5)")
    func bounds() throws {
        func entry(_ views: [String]) -> Data {
            Data(("{\"entries\": [{\"view\": {\"vstack\": [" + views.joined(separator: ",") + "]}}]}").utf8)
        }
        let button = #"{"button": {"title": "On", "url": "lamp://on"}}"#
        _ = try TimelineJSON.decode(entry(Array(repeating: button, count: TimelineJSON.maximumViews - 1)), now: testNow)
        // Before, 10,000 buttons were taken (110 MB after the push), and 2,000 texts of 500
        // characters (a redraw of 4–5 s).
        do {
            _ = try TimelineJSON.decode(entry(Array(repeating: button, count: 10_000)), now: testNow)
            Issue.record("10,000 buttons were taken")
        } catch {
            #expect(error.issues.first == "$.entries[0].view: 10001 views; an entry holds at most \(TimelineJSON.maximumViews)")
        }
        let text = "{\"text\": \"" + String(repeating: "x", count: 500) + "\"}"
        do {
            _ = try TimelineJSON.decode(entry(Array(repeating: text, count: 2_000)), now: testNow)
            Issue.record("2,000 texts of 500 characters were taken")
        } catch {
            #expect(error.description.contains("an entry holds at most \(TimelineJSON.maximumViews)"))
        }
        do {
            _ = try TimelineJSON.decode(entry(Array(repeating: text, count: 9)), now: testNow)
            Issue.record("4,500 characters were taken")
        } catch {
            #expect(error.description == "$.entries[0]: its texts hold 4500 characters together; an entry holds at most \(TimelineJSON.maximumEntryCharacters)")
        }
        // One text of a megabyte is still cut to 500 and taken.
        _ = try TimelineJSON.decode(Data(("{\"entries\": [{\"text\": \"" + String(repeating: "y", count: 1 << 20) + "\"}]}").utf8), now: testNow)
    }
}
