import TestSupport
import Canvas
import Foundation
import Testing
@testable import Accessory
@testable import SwiftUICore

@Suite("Layout")
struct LayoutTests {
    @Test("a spacer pushes its neighbours to the ends of a stack")
    func spacer() throws {
        let placed = place(.accessoryRectangular) {
            HStack { Text("A"); Spacer(); Text("B") }.frame(maxWidth: .infinity)
        }
        let a = try #require(placed.find("A")), b = try #require(placed.find("B"))
        #expect(a.frame.minX == 0)
        #expect(abs(b.frame.maxX - 160) < 0.01)
    }

    @Test("texts beside a spacer keep their whole width when they fit; the spacer is served last")
    func spacerServedLast() throws {
        let placed = place(.accessoryRectangular) {
            HStack {
                Text("Use today")
                Spacer()
                Text("14.4 kWh")
            }
            .font(.caption)
        }
        let left = try #require(placed.find("Use today")), right = try #require(placed.find("14.4 kWh"))
        let alone = try #require(place(.accessoryRectangular) { Text("Use today").font(.caption) }.find("Use today"))
        #expect(left.frame.width == alone.frame.width && left.frame.height == alone.frame.height, "\(left.frame) \(alone.frame)")
        #expect(abs(right.frame.maxX - 160) < 0.01)
    }

    @Test("stacks share space: the less flexible child is served first")
    func sharing() throws {
        let placed = place(.accessoryRectangular) {
            HStack(spacing: 0) {
                Text("Fixed")
                Text("A long text that wraps across several lines in what is left").lineLimit(2)
            }
        }
        let fixed = try #require(placed.find("Fixed"))
        let long = try #require(placed.all.first { $0.texts.first?.hasPrefix("A long") ?? false })
        #expect(abs(fixed.frame.maxX - long.frame.minX) < 0.01)
        #expect(long.frame.maxX <= 160.01)
        if case let .text(layout, _) = long.content {
            #expect(layout.lineCount == 2)
            #expect(layout.isTruncated)
        }
    }

    @Test("frame(maxWidth: .infinity, alignment: .leading) takes the width and aligns left")
    func flexibleFrame() throws {
        let placed = place(.accessoryRectangular) {
            VStack { Text("Left").frame(maxWidth: .infinity, alignment: .leading); Text("Centre") }
        }
        #expect(try #require(placed.find("Left")).frame.minX == 0)
        let centre = try #require(placed.find("Centre"))
        #expect(abs(centre.frame.midX - 80) < 0.01)
    }

    @Test("padding and fixed frames")
    func paddingAndFixed() throws {
        let placed = place(.accessoryRectangular) {
            VStack(alignment: .leading, spacing: 0) {
                Text("P").padding(10)
                Color.white.frame(width: 30, height: 12)
            }.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
        #expect(try #require(placed.find("P")).frame.origin == Point(x: 10, y: 10))
        let fill = try #require(placed.all.first { if case .fill = $0.content { true } else { false } })
        #expect(fill.frame.size == Size(width: 30, height: 12))
    }

    @Test("ViewThatFits shows the first alternative that fits")
    func viewThatFits() {
        let wide = place(.accessoryRectangular) {
            ViewThatFits { Text("This sentence is far too long to fit on one line of a widget"); Text("Short") }
        }
        #expect(wide.texts == ["Short"])
        let roomy = place(.accessoryRectangular, size: Size(width: 1000, height: 72)) {
            ViewThatFits { Text("This sentence is far too long to fit on one line of a widget"); Text("Short") }
        }
        #expect(roomy.texts.first?.hasPrefix("This sentence") == true)
    }

    @Test("view builders: if/else, switch, optionals and ForEach", arguments: [true, false])
    func builders(flag: Bool) {
        let items = ["a", "b", "c"]
        let optional: String? = flag ? "opt" : nil
        let placed = place(.accessoryRectangular) {
            VStack {
                if flag { Text("yes") } else { Text("no") }
                switch flag {
                case true: Text("on")
                case false: Text("off")
                }
                if let optional { Text(optional) }
                ForEach(items, id: \.self) { Text($0) }
            }
        }
        #expect(placed.texts == [flag ? "yes" : "no", flag ? "on" : "off"] + (flag ? ["opt"] : []) + items)
    }

    @Test("@Environment reads the family the widget is drawn in", arguments: [WidgetFamily.accessoryCircular, .accessoryRectangular])
    func environmentFamily(family: WidgetFamily) {
        struct FamilyName: View {
            @Environment(\.widgetFamily) var family
            var body: some View { Text(family.rawValue) }
        }
        #expect(place(family) { FamilyName() }.texts == [family.rawValue])
    }

    @Test("a custom ViewModifier wraps its content")
    func customModifier() throws {
        struct Boxed: ViewModifier {
            func body(content: Content) -> some View { content.padding(7) }
        }
        let placed = place(.accessoryRectangular) {
            Text("X").modifier(Boxed()).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
        #expect(try #require(placed.find("X")).frame.origin == Point(x: 7, y: 7))
    }

    @Test("inline keeps one leading image and one text; gauges and the rest are dropped")
    func inline() {
        let placed = place(.accessoryInline) {
            HStack {
                Image(systemName: "cloud.sun.fill")
                Text("12°C Cloudy")
                Text("dropped")
                Gauge(value: 0.5) { Text("g") }
            }
        }
        #expect(placed.texts == ["wb_cloudy", "12°C Cloudy"])
    }

    @Test("redacted placeholder content keeps the text's size but draws bars")
    func redacted() throws {
        let normal = place(.accessoryRectangular) { Text("Secret 1234") }
        let redacted = place(.accessoryRectangular) { Text("Secret 1234").redacted(reason: .placeholder) }
        let bar = try #require(redacted.all.first { if case .placeholder = $0.content { true } else { false } })
        #expect(bar.frame == normal.find("Secret 1234")?.frame)
        #expect(redacted.texts.isEmpty)
        let privacy = place(.accessoryRectangular, environment: { $0.redactionReasons = [.privacy] }) {
            VStack { Text("public"); Text("private").privacySensitive() }
        }
        #expect(privacy.texts == ["public"])
    }

    @Test("symbol names map from SF Symbols to Material Icons")
    func symbols() {
        #expect(SymbolNames.materialName(for: "battery.100") == "battery_full")
        #expect(SymbolNames.materialName(for: "heart.fill") == "favorite")
        #expect(SymbolNames.materialName(for: "calendar.circle.fill") == "event")
        #expect(SymbolNames.materialName(for: "wb_sunny") == "wb_sunny")
    }
}
