import Foundation
import Testing
@testable import Accessory
@testable import SwiftUICore
@testable import Canvas
@testable import Providers
import TestSupport

/// The template a JSON entry without a `view` is drawn with (`text`, `symbol`, `lines`).
@Suite("JSON entry template")
struct JSONTemplateTests {
    func texts(_ json: String) throws -> (texts: [(String, Rect)], height: Double) {
        let timeline = try TimelineJSON.decode(Data(json.utf8), now: testNow)
        var env = EnvironmentValues()
        env.widgetFamily = .accessoryRectangular
        let (w, h) = WidgetFamily.accessoryRectangular.referenceSize
        let placed = JSONTimelineInstance.render(try #require(timeline.entries.first)).place(size: Size(width: w, height: h), environment: env)
        // Frames are in the widget's coordinates at every depth.
        func walk(_ view: PlacedView) -> [(String, Rect)] {
            var found: [(String, Rect)] = []
            if case let .text(layout, _) = view.content, layout.text != "event" { found.append((layout.text, view.frame)) }
            return found + view.children.flatMap(walk)
        }
        return (walk(placed), h)
    }

    @Test("a widget's words leave out its icons, whether the icon is an Image or a symbol inside a Text: 'event' is a picture of a calendar")
    func words() throws {
        let timeline = try TimelineJSON.decode(Data(#"{"entries": [{"text": "Next", "symbol": "event", "lines": ["Tue 10:00 Standup"]}]}"#.utf8), now: testNow)
        var env = EnvironmentValues()
        env.widgetFamily = .accessoryRectangular
        let (w, h) = WidgetFamily.accessoryRectangular.referenceSize
        let placed = JSONTimelineInstance.render(try #require(timeline.entries.first)).place(size: Size(width: w, height: h), environment: env)
        #expect(placed.texts.contains("event"), "the icon is drawn as its ligature")
        // Before, the status, the page and Home Assistant said "event Next Tue 10:00 Standup".
        #expect(placed.words == ["Next", "Tue 10:00 Standup"])
        let inline = place(.accessoryInline) { Text("\(Image(systemName: "calendar")) Standup") }
        #expect(inline.words.joined().trimmingCharacters(in: .whitespaces) == "Standup", "\(inline.words)")
    }

    @Test("a rectangular entry keeps to the rows the family has: a headline and two lines, or three lines", arguments: [
        (#"{"entries": [{"text": "Next", "symbol": "event", "lines": ["Mon 10:00 Standup", "Mon 18:00 Gym", "Tue 10:00 Standup"]}]}"#, ["Next", "Mon 10:00 Standup", "Mon 18:00 Gym"]),
        (#"{"entries": [{"lines": ["one", "two", "three", "four"]}]}"#, ["one", "two", "three"]),
        (#"{"entries": [{"text": "Rinsing", "lines": ["25 min left"]}]}"#, ["Rinsing", "25 min left"]),
    ])
    func rows(json: String, shown: [String]) throws {
        let (texts, height) = try texts(json)
        #expect(texts.map(\.0) == shown)
        for (text, frame) in texts {
            #expect(frame.minY >= -0.5 && frame.maxY <= height + 0.5, "\(text) at \(frame.minY)…\(frame.maxY) of \(height)")
        }
    }
}
