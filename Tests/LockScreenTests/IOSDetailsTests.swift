import Accessory
import Canvas
import Foundation
import Testing
@testable import LockScreen

/// A widget showing one string in any family, for the iOS-detail checks.
struct EmojiCard: Widget {
    struct Entry: TimelineEntry {
        let date: Date
        let text: String
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, text: "…") }
        func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [placeholder(in: context)], policy: .never))
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "emoji-card", provider: Provider()) { entry in
            Text(entry.text).font(.system(size: 28))
        }
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline, .systemSmall])
    }
}

@Suite("iOS details")
struct IOSDetailsTests {
    /// How many pixels have a colour (channels differing by more than a rounding step).
    func colouredPixels(_ snapshot: WidgetSnapshot) -> Int {
        var count = 0
        for y in 0..<snapshot.height {
            for x in 0..<snapshot.width {
                let (r, g, b) = snapshot.frame.rgb(x: x, y: y)
                if max(r, g, b) - min(r, g, b) > 8 { count += 1 }
            }
        }
        return count
    }

    @Test("the lock screen's families show colour, emoji included, as luminance; home-screen families keep colour")
    func vibrantLuminance() throws {
        let entry = EmojiCard.Entry(date: testNow, text: "🍓🥝")
        let circular = try WidgetSnapshot(of: EmojiCard(), entry: entry, family: .accessoryCircular)
        let small = try WidgetSnapshot(of: EmojiCard(), entry: entry, family: .systemSmall)
        #expect(circular.coverage > 0.01)
        #expect(colouredPixels(circular) == 0)
        #expect(colouredPixels(small) > 500)
    }
}

@Suite("Package resources")
struct PackageResourcesTests {
    @Test("Image(name) looks in the resource folders SwiftPM puts beside the program, and one level in")
    func folders() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("resources-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Games_games.resources/Images", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/unrelated", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: dir + "/games", contents: Data()))
        #expect(PackageResources.imageDirectories(besideExecutable: dir + "/games") == [dir + "/Games_games.resources", dir + "/Games_games.resources/Images"])
        #expect(PackageResources.runningExecutable()?.hasSuffix("xctest") == true)
    }
}
