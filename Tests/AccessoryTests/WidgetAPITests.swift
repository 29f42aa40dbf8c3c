import AppIntentsCore
import TestSupport
import Canvas
import Foundation
import Testing
@testable import Accessory
@testable import SwiftUICore

@Suite("Widget API")
struct WidgetAPITests {
    let context = TimelineProviderContext(family: .accessoryRectangular, displaySize: CGSize(width: 160, height: 72))

    @Test("a bundle lists its widgets with names, descriptions and families")
    func bundle() {
        let descriptors = TutorialBundle().descriptors
        #expect(descriptors.map(\.kind) == ["EmojiWidget", "Level", "IntentWidget", "Photo"])
        #expect(descriptors[0].displayName == "My Widget")
        #expect(descriptors[0].description == "This is an example widget.")
        #expect(descriptors[0].supportedFamilies == [.accessoryCircular, .accessoryRectangular, .accessoryInline])
        #expect(descriptors[2].displayName == "Configuration")
    }

    @Test("a photo widget as tutorials write it: cut round on the lock screen, edge to edge on a home tile")
    func photo() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CanvasTests/Fixtures").path
        let entry = PhotoEntry(date: testNow, photoName: "gradient")
        let round = place(.accessoryCircular, environment: { $0.imageDirectories = [fixtures] }) { PhotoWidgetView(entry: entry) }
        let clip = try #require(round.all.first { $0.name == "ClipShape" })
        guard case let .roundedClip(radius) = clip.content else { Issue.record("not clipped round"); return }
        #expect(radius == clip.frame.width / 2 && clip.frame.width == round.frame.width)
        // Filled: the picture's frame covers the circle's, cut evenly on its longer side.
        let bitmap = try #require(round.all.first { $0.name == "Bitmap" })
        #expect(bitmap.frame.height == clip.frame.height && bitmap.frame.width > clip.frame.width)
        #expect(abs(bitmap.frame.midX - clip.frame.midX) < 0.001)
        let tile = place(.systemSmall, environment: { $0.imageDirectories = [fixtures] }) { PhotoWidgetView(entry: entry) }
        let picture = try #require(tile.all.first { $0.name == "Bitmap" })
        #expect(picture.frame.height == tile.frame.height && picture.frame.width >= tile.frame.width)
    }

    @Test("a completion-handler provider's timeline arrives with its entries and policy")
    func completionProvider() async throws {
        let instance = try TutorialBundle().descriptors[0].instantiate([:])
        let timeline = try await instance.timeline(context)
        #expect(timeline.entries.count == 5)
        #expect(timeline.policy == .atEnd)
        let gaps = zip(timeline.entries, timeline.entries.dropFirst()).map { $1.date.timeIntervalSince($0.date) }
        #expect(gaps.allSatisfy { abs($0 - 3600) < 1 })
        var env = testEnvironment(.accessoryRectangular)
        env.now = timeline.entries[0].date
        #expect(timeline.entries[0].place(size: Size(width: 160, height: 72), environment: env).texts.contains("😀"))
    }

    @Test("the view switches on the family it is drawn in")
    func familySwitch() async throws {
        let instance = try TutorialBundle().descriptors[0].instantiate([:])
        let entry = instance.placeholder(context)
        let inline = entry.place(size: Size(width: 234, height: 26), environment: testEnvironment(.accessoryInline))
        #expect(inline.texts.count == 1)
        #expect(inline.texts[0].hasPrefix("😀 at "))
        let circular = entry.place(size: Size(width: 72, height: 72), environment: testEnvironment(.accessoryCircular))
        #expect(circular.texts == ["😀"])
    }

    @Test("intent parameters are described with titles, kinds and defaults")
    func parameters() {
        let parameters = TutorialBundle().descriptors[2].parameters
        #expect(parameters.map(\.name) == ["favoriteEmoji", "count", "flavor", "showsSeconds"])
        #expect(parameters[0].title == "Favorite Emoji")
        #expect(parameters[0].defaultText == "😃")
        #expect(parameters[1].kind == .integer)
        #expect(parameters[2].kind == .enumeration(cases: ["vanilla", "chocolate", "strawberry"], titles: ["Vanilla", "Chocolate", "Strawberry"]))
        #expect(parameters[3].defaultText == "false")
    }

    @Test("parameter values reach the async provider")
    func assign() async throws {
        let instance = try TutorialBundle().descriptors[2].instantiate(["favoriteEmoji": "🦊", "count": "7", "flavor": "chocolate"])
        let timeline = try await instance.timeline(context)
        #expect(timeline.entries.count == 5)
        let placed = timeline.entries[0].place(size: Size(width: 160, height: 72), environment: testEnvironment(.accessoryRectangular))
        #expect(placed.texts.contains("🦊"))
        let snapshot = await instance.snapshot(context)
        #expect(snapshot.place(size: Size(width: 160, height: 72), environment: testEnvironment(.accessoryRectangular)).texts.contains("🦊"))
    }

    @Test("wrong parameter names and values are errors that say what was expected", arguments: [
        (["colour": "red"], "'colour' is not a parameter; expected one of count, favoriteEmoji, flavor, showsSeconds"),
        (["count": "many"], "'count' must be an integer, found 'many'"),
        (["flavor": "mint"], "'flavor' must be one of vanilla, chocolate, strawberry, found 'mint'"),
        (["showsSeconds": "yes"], "'showsSeconds' must be true or false, found 'yes'"),
    ])
    func parameterErrors(values: [String: String], message: String) {
        #expect(throws: ParameterError.self) { _ = try TutorialBundle().descriptors[2].instantiate(values) }
        do {
            _ = try TutorialBundle().descriptors[2].instantiate(values)
        } catch {
            #expect(error.description == message)
        }
        #expect(throws: ParameterError.self) { _ = try TutorialBundle().descriptors[0].instantiate(["x": "1"]) }
    }

    @Test("a provider that calls its completion twice does not crash the daemon")
    func doubleCompletion() async {
        let value = await CompletionBridge.call { (completion: @escaping (Int) -> Void) in
            completion(1)
            completion(2)
        }
        #expect(value == 1)
    }

    @Test("WidgetCenter reload requests reach subscribers")
    func widgetCenter() async {
        let center = WidgetCenter()
        let requests = center.requests()
        center.reloadTimelines(ofKind: "Level")
        center.reloadAllTimelines()
        var iterator = requests.makeAsyncIterator()
        #expect(await iterator.next() == .kind("Level"))
        #expect(await iterator.next() == .all)
    }
}

/// A view that fills whatever it is given and says the margins it reads.
private struct EdgeToEdgeView: View {
    var entry: SimpleEntry
    @Environment(\.widgetContentMargins) var margins

    var body: some View {
        ZStack {
            Color.red
            Text("\(Int(margins.leading))")
        }
    }
}

private struct WithMargins: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WithMargins", provider: Provider()) { EdgeToEdgeView(entry: $0) }
            .supportedFamilies([.systemSmall])
    }
}

private struct WithoutMargins: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WithoutMargins", provider: Provider()) { EdgeToEdgeView(entry: $0) }
            .contentMarginsDisabled()
            .supportedFamilies([.systemSmall])
    }
}

@Suite("Content margins")
struct ContentMarginTests {
    func tile(_ widget: some Widget) throws -> PlacedView {
        let instance = try #require(widget.descriptors.first).instantiate([:])
        let entry = instance.placeholder(TimelineProviderContext(family: .systemSmall, displaySize: CGSize(width: 170, height: 170)))
        return entry.place(size: Size(width: 170, height: 170), environment: testEnvironment(.systemSmall))
    }

    @Test("a home tile keeps 16 pt around its content unless the widget disables its content margins; the view reads them either way")
    func margins() throws {
        let kept = try tile(WithMargins()), filled = try tile(WithoutMargins())
        let keptFill = try #require(kept.all.first { if case .fill = $0.content { $0.name != "TileBackground" } else { false } })
        let filledFill = try #require(filled.all.first { if case .fill = $0.content { $0.name != "TileBackground" } else { false } })
        #expect(keptFill.frame == Rect(x: 16, y: 16, width: 138, height: 138))
        #expect(filledFill.frame == Rect(x: 0, y: 0, width: 170, height: 170))
        #expect(kept.texts == ["16"] && filled.texts == ["16"])
        // The lock screen's families have none.
        #expect(place(.accessoryRectangular) { EdgeToEdgeView(entry: SimpleEntry(date: testNow, emoji: "")) }.texts == ["0"])
    }
}
