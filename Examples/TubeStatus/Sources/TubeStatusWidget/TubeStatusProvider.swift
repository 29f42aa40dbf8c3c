import AppIntentsCore
import Accessory
import Foundation

/// Which line the widget follows and where the statuses come from: the keys of the
/// widget's table in lockscreend's configuration file.
public struct SelectLineIntent: WidgetConfigurationIntent {
    public static let title: LocalizedStringResource = "Tube status"
    public static let description = IntentDescription("How a London Underground line is running.")

    @Parameter(title: "Line id, e.g. victoria (empty for the whole network)", default: "")
    public var line: String

    @Parameter(title: "Line-status API address", default: LineStatusAPI.defaultURL)
    public var url: String

    public init() {}
}

/// Asks the line-status API every five minutes. When a fetch fails the timeline is empty,
/// so the lock screen keeps the last statuses it had, and asks again sooner.
public struct TubeStatusProvider: AppIntentTimelineProvider {
    public init() {}

    public func placeholder(in context: Context) -> TubeStatusEntry { .sample(at: context.date) }

    public func snapshot(for configuration: SelectLineIntent, in context: Context) async -> TubeStatusEntry {
        let lines = (try? await LineStatusAPI.fetch(configuration.url)) ?? TubeStatusEntry.sample(at: context.date).lines
        return TubeStatusEntry(date: context.date, lines: lines, followed: configuration.line)
    }

    public func timeline(for configuration: SelectLineIntent, in context: Context) async -> Timeline<TubeStatusEntry> {
        do {
            let lines = try await LineStatusAPI.fetch(configuration.url)
            let entry = TubeStatusEntry(date: context.date, lines: lines, followed: configuration.line)
            return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(5 * 60)))
        } catch {
            return Timeline(entries: [], policy: .after(context.date.addingTimeInterval(2 * 60)))
        }
    }
}
