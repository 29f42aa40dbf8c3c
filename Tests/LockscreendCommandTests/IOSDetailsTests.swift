import Accessory
import Canvas
import Foundation
import LockScreenModel
import Testing
@testable import LockscreendCommand
@testable import Config
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import Panel
import TestSupport
import DaemonTestSupport
import ProviderOptions

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
        let folder = try TemporaryFolder("resources")
        defer { folder.remove() }
        let dir = folder.path
        try FileManager.default.createDirectory(atPath: dir + "/Games_games.resources/Images", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/unrelated", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: dir + "/games", contents: Data()))
        #expect(PackageResources.imageDirectories(besideExecutable: dir + "/games") == [dir + "/Games_games.resources", dir + "/Games_games.resources/Images"])
        #expect(PackageResources.runningExecutable()?.hasSuffix("xctest") == true)
    }
}

@Suite("Locales")
struct LocaleTests {
    func lockScreen(_ clock: String) async throws -> (dateLine: String, date: String, time: String) {
        let config = try LockScreenConfig.parse("[clock]\n\(clock)\ntime_zone = \"UTC\"", file: "t.toml", kinds: WidgetRegistry.standard(systemRoot: fixtureRoot).kinds, files: SystemFiles())
        var renderer = LockScreenRenderer(layout: LockScreenLayout(width: 800, height: 480))
        renderer.face.dateLanguage = config.face.dateLanguage
        renderer.face.uses24HourClock = config.face.uses24HourClock
        let line = renderer.placeDateLine(now: testNow, inline: nil).texts.joined()
        let env = renderer.environment(family: .accessoryRectangular, now: testNow)
        let date = RenderableEntry(date: testNow) { Text(testNow, style: .date) }.place(size: Size(width: 300, height: 40), environment: env).texts.joined()
        let time = RenderableEntry(date: testNow) { Text(testNow, style: .time) }.place(size: Size(width: 300, height: 40), environment: env).texts.joined()
        return (line, date, time)
    }

    @Test("dates follow [clock] locale, and the clock its 12 or 24 hours unless hours says", arguments: [
        ("", "Sun 22 Nov", "November 22, 2026", "14:04"),
        ("locale = \"en_US\"", "Sun 22 Nov", "November 22, 2026", "2:04 PM"),
        ("locale = \"en_US\"\nhours = 24", "Sun 22 Nov", "November 22, 2026", "14:04"),
        ("locale = \"en_GB\"", "Sun 22 Nov", "22 November 2026", "14:04"),
        ("locale = \"de_DE.UTF-8\"", "So. 22. Nov.", "22. November 2026", "14:04"),
        ("locale = \"fr_FR\"", "dim. 22 nov.", "22 novembre 2026", "14:04"),
        ("locale = \"es\"\nhours = 12", "dom 22 nov", "22 de noviembre de 2026", "2:04 PM"),
    ])
    func locales(clock: String, dateLine: String, date: String, time: String) async throws {
        TestFonts.pin()
        let shown = try await lockScreen(clock)
        #expect(shown.dateLine == dateLine)
        #expect(shown.date == date)
        #expect(shown.time == time)
    }

    @Test("an unknown locale is a config error with did you mean; the environment's is read")
    func unknown() {
        #expect(throws: ConfigErrors.self) { try LockScreenConfig.parse("[clock]\nlocale = \"xx_XX\"", file: "t.toml", kinds: WidgetRegistry.standard().kinds, files: SystemFiles()) }
        do {
            _ = try LockScreenConfig.parse("[clock]\nlocale = \"klingon\"", file: "t.toml", kinds: WidgetRegistry.standard().kinds, files: SystemFiles())
        } catch {
            #expect(error.issues.first?.description.contains("expected a locale such as") == true)
        }
        #expect(DateLanguage.fromEnvironment(["LANG": "fr_FR.UTF-8"]).identifier == "fr")
        #expect(DateLanguage.fromEnvironment(["LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"]).identifier == "C")
        #expect(DateLanguage.fromEnvironment([:]).identifier == "C")
        #expect(DateLanguage.fromEnvironment(["LANG": "en_US.UTF-8"]).uses24HourClock == false)
    }
}

/// One widget showing the details iOS draws its own way, in each lock-screen family.
struct DetailsWidget: Widget {
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> EmojiCard.Entry { EmojiCard.Entry(date: context.date, text: "") }
        func getSnapshot(in context: Context, completion: @escaping @Sendable (EmojiCard.Entry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<EmojiCard.Entry>) -> Void) {
            completion(Timeline(entries: [placeholder(in: context)], policy: .never))
        }
    }

    struct DetailsView: View {
        @Environment(\.widgetFamily) var family

        var body: some View {
            switch family {
            case .accessoryInline:
                Text("\(Image(systemName: "bolt.fill")) 80% charged")
            case .accessoryCircular:
                Gauge(value: 21, in: 12...25) {
                    Text("°C")
                } currentValueLabel: {
                    Text("21")
                } minimumValueLabel: {
                    Text("12")
                } maximumValueLabel: {
                    Text("25")
                }
                .gaugeStyle(.accessoryCircular)
            default:
                VStack(alignment: .leading) {
                    Label("Watering", systemImage: "no.such.symbol")
                        .font(.system(.headline, design: .rounded))
                    Text("Waterproofing 🌧️ the greenhouse")
                        .font(.caption)
                }
            }
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "details", provider: Provider()) { _ in DetailsView() }
    }
}

@Suite("iOS details, drawn")
struct IOSDetailsGoldenTests {
    @Test("gauge labels on the end caps, a symbol in text, rounded face, no hyphens, emoji as luminance, a missing symbol's square", arguments: [(800, 480, "dark"), (250, 122, "light")])
    func golden(width: Int, height: Int, appearance: String) async throws {
        let descriptor = DetailsWidget().descriptors[0]
        func widget(_ name: String, _ family: WidgetFamily) throws -> TimelineEngine.Widget {
            TimelineEngine.Widget(name: name, family: family, instance: try descriptor.instantiate([:]), budget: .unlimited)
        }
        let content = LockScreenDaemon.Content(inline: try widget("inline", .accessoryInline), row: [try widget("gauge", .accessoryCircular), try widget("text", .accessoryRectangular)])
        var options = testOptions(width: width, height: height)
        options.face.colorScheme = appearance == "light" ? .light : .dark
        let display = MemoryDisplay(width: width, height: height)
        let daemon = LockScreenDaemon(content: content, renderer: LockScreenApplication.renderer(options), display: display, clock: ManualClock(start: testNow), logger: quietLogger)
        try await daemon.step(now: testNow)
        var frame = try #require(display.lastFrame)
        if appearance == "light" { frame = frame.grayscale() }
        try Golden().check(frame, named: "details-\(width)x\(height)-\(appearance)")
    }
}
