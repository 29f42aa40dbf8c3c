import Accessory
import ArgumentParser
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Logging
import Panel
import Providers
import TimelineEngine

extension Lockscreend {
    /// One widget's placeholder, snapshot and timeline side by side.
    struct Preview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw one configured widget as #Preview(as:timeline:) does: its placeholder, its snapshot and each entry of a timeline, side by side.")

        @OptionGroup var common: CommonOptions

        @Option(help: ArgumentHelp("The widget's name in the configuration.", valueName: "NAME"))
        var widget: String

        @Option(help: "Draw it in this family: inline, circular or rectangular (default: as placed).")
        var family: FamilyName?

        @Option(help: "The PNG file to write.")
        var out: String

        func run() async throws {
            _ = common.logger()
            guard let config = try common.loadConfig() else {
                throw ValidationFailure("no configuration: give --config FILE (\(LockScreenConfig.defaultPath) does not exist)")
            }
            let placed = config.content.stacks.flatMap(\.widgets)
            guard let chosen = placed.first(where: { $0.name == widget }) else {
                throw ValidationFailure("no placed widget named '\(widget)' (placed: \(placed.map(\.name).joined(separator: ", ")))")
            }
            let options = common.daemonOptions(config)
            let preview = WidgetPreview(colorScheme: options.colorScheme, timeZone: options.timeZone)
            let frame = await preview.render(chosen, family: family?.family ?? chosen.family, now: options.start ?? Date())
            do {
                try frame.writePNG(to: out)
            } catch {
                throw ValidationFailure("\(error)")
            }
        }
    }
}

/// A widget family as the command line names it.
enum FamilyName: String, ExpressibleByArgument, CaseIterable {
    case inline, circular, rectangular

    var family: WidgetFamily {
        switch self {
        case .inline: .accessoryInline
        case .circular: .accessoryCircular
        case .rectangular: .accessoryRectangular
        }
    }
}
