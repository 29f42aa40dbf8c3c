import Accessory
import AppIntentsCore
import Canvas
@testable import Config
import FoundationEssentials
import LockScreenModel  // for .inline
import Testing
import TestSupport
@testable import TimelineEngine
import Providers
import DaemonTestSupport

/// A widget whose intent holds arrays, as App Intents' array parameters: the file gives
/// TOML arrays, each element checked as the element's type.
private struct StopsWidget: Widget {
    enum Line: String, AppEnum {
        case northern, victoria, central

        static let typeDisplayRepresentation: TypeDisplayRepresentation = "Line"
        static let caseDisplayRepresentations: [Line: DisplayRepresentation] = [.northern: "Northern", .victoria: "Victoria", .central: "Central"]
    }

    struct Configuration: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Stops"

        @Parameter(title: "Stops", default: ["Bank"])
        var stops: [String]

        @Parameter(title: "Lines")
        var lines: [Line]
    }

    struct Entry: TimelineEntry {
        let date: Date
        let words: String
    }

    struct Provider: AppIntentTimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, words: "…") }
        func snapshot(for configuration: Configuration, in context: Context) async -> Entry { entry(configuration, context) }
        func timeline(for configuration: Configuration, in context: Context) async -> Timeline<Entry> {
            Timeline(entries: [entry(configuration, context)], policy: .never)
        }
        func entry(_ configuration: Configuration, _ context: Context) -> Entry {
            Entry(date: context.date, words: (configuration.stops + configuration.lines.map(\.rawValue)).joined(separator: " "))
        }
    }

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "stops", intent: Configuration.self, provider: Provider()) { Text($0.words) }
            .supportedFamilies([.accessoryInline])
    }
}

private struct StopsBundle: WidgetBundle {
    var body: some Widget { StopsWidget() }
}

@Suite("Array parameters in the config file")
struct ListParameterTests {
    let registry = WidgetRegistry(bundles: [StopsBundle()])

    func words(_ table: String) async throws -> String {
        let config = try RunningConfig.parse("[layout]\ninline = \"w\"\n[widgets.w]\nkind = \"stops\"\n" + table, file: "t.toml", registry: registry)
        let widget = try #require(config.content.inline?.widgets.first)
        let context = TimelineProviderContext(family: .accessoryInline, displaySize: CGSize(width: 300, height: 20), date: testNow)
        let entry = try #require(try await widget.instance.timeline(context).entries.first)
        return entry.place(size: Size(width: 300, height: 20), environment: testEnvironment(.accessoryInline)).texts.joined(separator: " ")
    }

    @Test("a TOML array reaches the intent's array; left out, the default; empty, empty")
    func arrays() async throws {
        #expect(try await words("stops = [\"Angel\", \"Oval\"]\nlines = [\"victoria\", \"northern\"]") == "Angel Oval victoria northern")
        #expect(try await words("") == "Bank")
        #expect(try await words("stops = []") == "")
    }

    @Test("an element of the wrong type, a value that is not an array, or an unknown case is refused with file, line and key")
    func refused() {
        for (table, line, expected) in [
            ("stops = [\"Angel\", 3]", 5, "an array, each a string"),
            ("stops = \"Angel\"", 5, "an array, each a string"),
            ("\nlines = [\"jubilee\"]", 6, "an array, each one of northern, victoria, central"),
        ] {
            do {
                _ = try RunningConfig.parse("[layout]\ninline = \"w\"\n[widgets.w]\nkind = \"stops\"\n" + table, file: "t.toml", registry: registry)
                Issue.record("\(table) was taken")
            } catch {
                #expect("\(error)".contains("t.toml:\(line): widgets.w.\(table.contains("lines") ? "lines" : "stops")"), "\(error)")
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
