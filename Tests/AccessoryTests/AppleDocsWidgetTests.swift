import AppIntentsCore
import Canvas
import TestSupport
import Foundation
import Testing
@testable import Accessory
@testable import SwiftUICore

/// The widgets of AppleDocsWidgets.swift, written as Apple's documentation writes them,
/// configured and drawn.
@Suite("WidgetKit source as written")
struct AppleDocsWidgetTests {
    let context = TimelineProviderContext(family: .accessoryRectangular, displaySize: CGSize(width: 160, height: 72))
    let entry = GameStatusEntry(date: testNow, score: 72, maximum: 100, player: "Ada")

    @Test("the bundle lists its widgets, home-screen families included")
    func bundle() {
        let descriptors = GameWidgets().descriptors
        #expect(descriptors.map(\.kind) == ["GameStatus", "Jokes", "City"])
        #expect(descriptors[0].supportedFamilies.contains(.systemSmall))
    }

    @Test("a @Sendable completion called from a Task delivers the timeline")
    func sendableCompletion() async throws {
        let timeline = try await GameWidgets().descriptors[0].instantiate([:]).timeline(context)
        #expect(timeline.entries.count == 1)
        guard case .after = timeline.policy.kind else { Issue.record("policy \(timeline.policy)"); return }
    }

    @Test("an AppEnum with Int raw values is named by its cases, and its raw text is accepted")
    func intEnum() throws {
        let refresh = GameWidgets().descriptors[2].parameters.first { $0.name == "refresh" }
        #expect(refresh?.kind == .enumeration(cases: ["fast", "slow"], titles: ["Every 5 minutes", "Every 30 minutes"]))
        #expect(refresh?.defaultText == "slow")
        #expect(RefreshRate(intentText: "fast") == .fast)
        #expect(RefreshRate(intentText: "5") == .fast)
        #expect(RefreshRate(intentText: "7") == nil)
    }

    @Test("dynamic options and entity queries become the values the config may give")
    func dynamicOptions() async throws {
        let before = GameWidgets().descriptors[2]
        #expect(before.parameters.first { $0.name == "line" }?.kind == .optional(.string))
        let descriptor = await before.resolvingOptions()
        #expect(descriptor.parameters.first { $0.name == "line" }?.kind == .optional(.enumeration(cases: ["bakerloo", "central", "victoria"], titles: ["bakerloo", "central", "victoria"])))
        #expect(descriptor.parameters.first { $0.name == "city" }?.kind == .optional(.enumeration(cases: ["london", "paris"], titles: ["London", "Paris"])))
        #expect(throws: ParameterError.invalid(name: "line", value: "circle", expected: "one of bakerloo, central, victoria (optional)")) {
            _ = try descriptor.instantiate(["line": "circle"])
        }
        let instance = try descriptor.instantiate(["line": "central", "city": "paris", "refresh": "fast"])
        let timeline = try await instance.timeline(context)
        let placed = timeline.entries[0].place(size: Size(width: 160, height: 72), environment: testEnvironment(.accessoryRectangular))
        #expect(placed.texts == ["Paris"])
        guard case let .after(date) = timeline.policy.kind else { Issue.record("policy \(timeline.policy)"); return }
        #expect(abs(date.timeIntervalSince(timeline.entries[0].date) - 300) < 2)
        #expect(throws: ParameterError.self) { _ = try descriptor.instantiate(["city": "rome"]) }
    }

    @Test("Label, Divider, Text formats and a symbol inside a text")
    func views() {
        let rectangular = place(.accessoryRectangular) { GameStatusView(entry: entry) }
        #expect(rectangular.texts == ["person", "Ada", "72%", "14:04"])
        #expect(rectangular.all.contains { $0.name == "Divider" && $0.frame.height == 1 && $0.frame.width > 100 })
        let inline = place(.accessoryInline) { GameStatusView(entry: entry) }
        #expect(inline.texts == ["bolt 72 points"])
        let symbolText = inline.all.compactMap { view -> TextLayout? in
            if case let .text(layout, _) = view.content { return layout } else { return nil }
        }
        #expect(symbolText.first?.symbolRanges == [0..<4])
    }

    @Test("a Divider in an HStack stands upright")
    func verticalDivider() {
        let placed = place(.accessoryRectangular) {
            HStack {
                Text("A")
                Divider()
                Text("B")
            }
        }
        let divider = placed.all.first { $0.name == "Divider" }
        #expect(divider?.frame.width == 1)
        #expect((divider?.frame.height ?? 0) > 10)
    }

    @Test("number formats", arguments: [
        (0.72, NumberFormatStyle.percent, "72%"),
        (1234.5, .number, "1,234.5"),
        (3.14159, .number.precision(.fractionLength(1)), "3.1"),
        (2.0, .number.precision(.fractionLength(2)), "2.00"),
        (1234.5, .currency(code: "usd"), "$1,234.50"),
        (-0.0004, .number, "0"),
        (-1500.0, .number.grouping(.never), "-1500"),
        // Compact names as iOS writes them in English.
        (999.0, .number.notation(.compactName), "999"),
        (1000.0, .number.notation(.compactName), "1K"),
        (1234.0, .number.notation(.compactName), "1.2K"),
        (12_345.0, .number.notation(.compactName), "12K"),
        (123_456.0, .number.notation(.compactName), "123K"),
        (999_999.0, .number.notation(.compactName), "1M"),
        (1_500_000.0, .number.notation(.compactName), "1.5M"),
        (2_000_000_000.0, .number.notation(.compactName), "2B"),
        (-1234.0, .number.notation(.compactName), "-1.2K"),
        (1.234, .number.notation(.compactName), "1.2"),
        (1000.0, .number.notation(.compactName).precision(.fractionLength(1)), "1.0K"),
        (1234.0, .number.notation(.scientific), "1.234E3"),
        (0.00012, .number.notation(.scientific), "1.2E-4"),
    ])
    func numbers(value: Double, format: NumberFormatStyle, expected: String) {
        #expect(format.string(for: value) == expected)
    }

    @Test("date formats follow the 12/24-hour setting")
    func dates() {
        let place24 = place(.accessoryRectangular) { Text(testNow, format: .dateTime.hour().minute()) }
        #expect(place24.texts == ["14:04"])
        let place12 = place(.accessoryRectangular, environment: { $0.uses24HourClock = false }) {
            Text(testNow, format: .dateTime.hour().minute())
        }
        #expect(place12.texts == ["2:04 PM"])
        let day = place(.accessoryRectangular) { Text("\(testNow, format: .dateTime.weekday(.wide).month().day())") }
        #expect(day.texts == ["Sunday, Nov 22"])
    }

    @Test("stroke draws a ring, fill a disc")
    func stroke() {
        let ring = draw(place(.accessoryCircular) { Circle().stroke(lineWidth: 4).frame(width: 60, height: 60) })
        let disc = draw(place(.accessoryCircular) { Circle().fill(.white).frame(width: 60, height: 60) })
        let centre = (x: ring.width / 2, y: ring.height / 2)
        #expect(ring.gray(x: centre.x, y: centre.y) < 20)
        #expect(disc.gray(x: centre.x, y: centre.y) > 230)
        // The ring's line at the top of the circle: radius 30 pt at 3 px/pt.
        #expect(ring.gray(x: centre.x, y: centre.y - 90) > 200)
    }

    @Test("background takes a colour, a style, or the appearance's background")
    func backgrounds() {
        let pink = draw(place(.accessoryRectangular, environment: { $0.widgetRenderingMode = .fullColor }) {
            Text("x").frame(maxWidth: .infinity, maxHeight: .infinity).background(Color.pink)
        })
        let (r, g, b) = pink.rgb(x: 5, y: 5)
        #expect(r > 240 && g < 80 && b > 60 && b < 110)
        let light = draw(place(.accessoryRectangular, environment: { $0.colorScheme = .light; $0.widgetRenderingMode = .fullColor }) {
            Text("x").frame(maxWidth: .infinity, maxHeight: .infinity).background()
        })
        #expect(light.gray(x: 5, y: 5) > 250)
    }

    @Test("each #Preview of the program is found, with its family and entries")
    func previews() {
        let previews = AccessoryPreview.all.filter { $0.name.contains("AppleDocsWidgets.swift") }
        #expect(previews.map(\.family) == [.accessoryRectangular, .systemSmall])
        #expect(previews.map(\.entries.count) == [2, 1])
        #expect(previews.map { $0.widget?.kind } == ["GameStatus", "City"])
        let placed = previews[0].entries[1].place(size: Size(width: 160, height: 72), environment: testEnvironment(.accessoryRectangular))
        #expect(placed.texts.contains("90%"))
    }
}

@Suite("Symbols")
struct SymbolTableTests {
    @Test("every SF Symbols name in the table draws a glyph the icon font has")
    func tableResolves() {
        TestFonts.pin()
        #expect(SymbolNames.table.count >= 300)
        let missing = SymbolNames.table.filter { !IconFont.hasLigature($0.value) }.map { "\($0.key) → \($0.value)" }.sorted()
        #expect(missing == [])
    }

    @Test("a name the font lacks draws the fallback glyph and is reported once")
    func fallback() {
        TestFonts.pin()
        #expect(SymbolNames.drawableName(for: "no.such.symbol.anywhere") == SymbolNames.fallback)
        #expect(SymbolNames.drawableName(for: "no.such.symbol.anywhere") == SymbolNames.fallback)
        #expect(SymbolNames.drawableName(for: "gamecontroller.fill") == "sports_esports")
        // Listed in the process's list (once: `madeUpNames` checks the list itself), which
        // other tests drawing in this process may take first.
        #expect(SymbolNames.hasReported("no.such.symbol.anywhere") && !SymbolNames.hasReported("gamecontroller.fill"))
    }

    @Test("3,000 made-up names: 256 listed once, the list's being full said once; the font's answers kept bounded (issue 59, attack 3)")
    func madeUpNames() {
        TestFonts.pin()
        // The list a daemon logs, as a value: the process-wide one is shared by every test.
        var missing = SymbolNames.Missing()
        for index in 0..<3000 { missing.report("made.up.\(index)") }
        missing.report("made.up.0")
        let first = missing.take()
        #expect(first.names.count == SymbolNames.maximumReported && first.names.first == "made.up.0" && first.nowFull)
        #expect(missing.count == SymbolNames.maximumReported)
        missing.report("made.up.3001")
        let second = missing.take()
        #expect(second.names.isEmpty && !second.nowFull)
        missing.report(String(repeating: "x", count: 100_000))
        #expect(missing.count == SymbolNames.maximumReported)
        // The font's table: names it lacks are kept up to its bound, names it has always.
        for index in 0..<600 { _ = IconFont.hasLigature("made_up_\(index)") }
        #expect(IconFont.unknownCount <= IconFont.maximumUnknown)
        #expect(IconFont.hasLigature("sports_esports") && !IconFont.hasLigature(String(repeating: "a", count: 100_000)))
    }
}

@Suite("Font designs")
struct FontDesignTests {
    @Test("rounded, monospaced and serif designs draw with a face of that design", arguments: [
        (Font.Design.rounded, "Quicksand"), (.monospaced, "DejaVu Sans Mono"), (.serif, "DejaVu Serif"), (.default, "Inter"),
    ])
    func designs(design: Font.Design, family: String) {
        TestFonts.pin()
        #expect(Font.system(size: 20, weight: .bold, design: design).textStyle.resolvedFamily == family)
        #expect(Font.system(.title2, design: design).textStyle.resolvedFamily == family)
        let placed = place(.accessoryRectangular) { Text("42").font(.title).fontDesign(design) }
        let layouts = placed.all.compactMap { view -> TextLayout? in
            if case let .text(layout, _) = view.content { return layout } else { return nil }
        }
        #expect(layouts.first?.style.resolvedFamily == family)
    }
}

@Suite("Line breaking")
struct LineBreakTests {
    @Test("text wraps between words and never gains a hyphen, even inside a long word")
    func noHyphens() {
        TestFonts.pin()
        for text in ["Water the plants", "Waterproofing", "Supercalifragilistic expialidocious"] {
            let layout = TextLayout(text, style: TextStyle(size: 17), maxWidth: 60)
            #expect(layout.lineCount > 1, "\(text)")
            #expect(layout.glyphCount == text.count, "\(text): \(layout.glyphCount) glyphs for \(text.count) characters")
        }
    }
}

@Suite("Inline family")
struct InlineOnlyTests {
    @Test("an inline widget of only an image, or only a gauge, draws nothing")
    func nothing() {
        let image = place(.accessoryInline) { Image(systemName: "bolt.fill") }
        #expect(image.all.allSatisfy { if case .none = $0.content { true } else if case .clip = $0.content { true } else { false } })
        let gauge = place(.accessoryInline) {
            Gauge(value: 0.4) {
                Image(systemName: "bolt")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        }
        #expect(gauge.texts == [])
        #expect(gauge.all.allSatisfy { if case .none = $0.content { true } else if case .clip = $0.content { true } else { false } })
        let both = place(.accessoryInline) {
            HStack {
                Image(systemName: "bolt.fill")
                Text("80%")
            }
        }
        #expect(both.texts == ["bolt", "80%"])
    }
}

@Suite("Pictures")
struct PictureTests {
    @Test("Image(name) finds name.png, name.jpg or name.jpeg in the package's resource folders")
    func jpegByName() {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CanvasTests/Fixtures").path
        let placed = place(.accessoryRectangular, environment: { $0.imageDirectories = ["/nonexistent", fixtures] }) {
            Image("gradient")
        }
        let image = placed.all.first { $0.name == "Image" }
        guard case let .bitmap(bitmap, _)? = image?.content else {
            Issue.record("no picture drawn: \(placed.debugDump())")
            return
        }
        #expect(bitmap.width == 48 && bitmap.height == 32)
    }
}
