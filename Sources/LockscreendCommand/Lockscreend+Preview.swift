import Accessory
import ArgumentParser
import Canvas
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import LockScreenModel  // for .colorScheme
import Logging
import Panel
import PanelOptions
import TimelineEngine  // for .name

extension Lockscreend {
    /// One widget's placeholder, snapshot and timeline side by side.
    struct Preview: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Draw one configured widget as #Preview(as:timeline:) does (its placeholder, its snapshot and each entry of a timeline, side by side), or with --all every #Preview in this program.")

        @OptionGroup var common: CommonOptions

        @Option(help: ArgumentHelp("The widget's name in the configuration.", valueName: "NAME"))
        var widget: String?

        @Flag(help: "Draw every #Preview the program's widget packages declare, one PNG each, into the --out folder.")
        var all = false

        @Option(help: "Draw it in this family: inline, circular or rectangular (default: as placed).")
        var family: FamilyName?

        @Option(help: "The PNG file to write (with --all: the folder).")
        var out: String

        @Option(help: ArgumentHelp("Draw it as this e-paper panel shows it: at the scale of its lock screen (turned by the configuration's [display] rotate), its pictures diffused over its inks, each ink as it looks on the glass. MODEL is one of `lockscreend --epd list`.", valueName: "MODEL"))
        var panel: String?

        func validate() throws {
            if all == (widget != nil) { throw ValidationError("give either --widget NAME or --all") }
            if let panel, EPDModel.named(panel) == nil { throw ValidationError("--panel is one of \(EPDModel.all.map(\.name).joined(separator: ", "))") }
        }

        /// The preview's renderer: a panel's scale and inks with `--panel`.
        private func renderer(_ options: DaemonOptions, config: LockScreenConfig?) -> (WidgetPreview, (Frame) -> Frame) {
            guard let model = panel.flatMap(EPDModel.named) else {
                return (WidgetPreview(colorScheme: options.face.colorScheme, timeZone: options.timeZone), { $0 })
            }
            let size = (config?.output.rotation ?? .none).frameSize(deviceWidth: model.width, deviceHeight: model.height)
            var saturation: Double?
            if case let .epd(epd) = config?.output.target { saturation = epd.saturation }
            let inks = PanelGlass.pictureInks(of: model, saturation: saturation)
            let preview = WidgetPreview(colorScheme: options.face.colorScheme, timeZone: options.timeZone, width: size.width, height: size.height, pictureInks: inks)
            return (preview, { PanelGlass.picture(of: $0, inksOf: model) })
        }

        func run() async throws {
            _ = common.logger()
            if all { return try renderAll() }
            let registry = common.registry
            guard let config = try common.loadConfig(registry: registry) else {
                throw ValidationFailure("no configuration: give --config FILE (\(LockScreenConfig.defaultPath) does not exist)")
            }
            let options = common.daemonOptions(config, registry: registry)
            let placed = options.content?.stacks.flatMap(\.widgets) ?? []
            guard let chosen = placed.first(where: { $0.name == widget }) else {
                throw ValidationFailure("no placed widget named '\(widget ?? "")' (placed: \(placed.map(\.name).joined(separator: ", ")))")
            }
            let (preview, glass) = renderer(options, config: config)
            let frame = glass(await preview.render(chosen, family: family?.family ?? chosen.family, now: options.start ?? Date()))
            do {
                try frame.writePNG(to: out)
            } catch {
                throw ValidationFailure("\(error)")
            }
        }

        /// Writes `NN-name.png` for each `#Preview` and prints the paths.
        private func renderAll() throws {
            let previews = AccessoryPreview.all
            guard !previews.isEmpty else {
                throw ValidationFailure("this program declares no #Preview: a widget package's previews are drawn by its own daemon (LockScreenDaemon.run or @main)")
            }
            let registry = common.registry
            let config = try common.loadConfig(registry: registry)
            let options = common.daemonOptions(config, registry: registry)
            let (renderer, glass) = renderer(options, config: config)
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                throw ValidationFailure("cannot create the folder '\(out)': \(error)")
            }
            for (i, preview) in previews.enumerated() {
                let path = out + "/" + CFormat.string("%02d-", i + 1) + Self.fileName(preview.name) + ".png"
                do {
                    try glass(renderer.render(preview, now: options.start ?? Date())).writePNG(to: path)
                } catch {
                    throw ValidationFailure("\(error)")
                }
                print(path)
            }
        }

        /// A preview's name as a file name: letters, digits, '-' and '_' kept, the rest '-'.
        static func fileName(_ name: String) -> String {
            let base = name.split(separator: "/").last.map(String.init) ?? name
            let kept = base.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" ? Character($0) : "-" }
            return String(String(kept).prefix(80))
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
