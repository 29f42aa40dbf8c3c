import ArgumentParser
import Canvas
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Logging
import Panel
import PanelOptions
import Providers

extension Lockscreend {
    /// Renders one frame to a PNG, or a BMP for a device that fetches its screen.
    struct Snapshot: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snapshot",
            abstract: "Render one frame of the lock screen to a PNG file, or a BMP (.bmp) for a Kindle, Kobo, ESP32 board or TRMNL.")

        @OptionGroup var common: CommonOptions

        @Option(help: "The file to write: .png, or .bmp (uncompressed, bottom-up).")
        var out: String

        @Option(help: ArgumentHelp("The inks of the device it is for: 1bit, 4grey, 16grey or colour, dithered as a panel of that depth (PNG: the greys it will show; BMP: that many bits a pixel). Default: colour.", valueName: "DEPTH"))
        var depth: String?

        @Option(help: ArgumentHelp("Draw what this e-paper panel shows (a PNG): its resolution, turned by the configuration's [display] rotate, its pictures diffused over its inks, each ink as it looks on the glass. MODEL is one of `lockscreend --epd list`.", valueName: "MODEL"))
        var panel: String?

        func validate() throws {
            if let depth, ClientScreen.Depth(rawValue: depth) == nil {
                throw ValidationError("--depth is one of \(ClientScreen.Depth.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if let panel {
                guard EPDModel.named(panel) != nil else { throw ValidationError("--panel is one of \(EPDModel.all.map(\.name).joined(separator: ", "))") }
                guard depth == nil else { throw ValidationError("--panel draws the panel's own inks: leave out --depth") }
                guard out.lowercased().hasSuffix(".png") else { throw ValidationError("--panel writes a PNG: name the file .png") }
            }
        }

        func run() async throws {
            let logger = common.logger()
            let client = ClientScreen(depth: depth.flatMap(ClientScreen.Depth.init(rawValue:)) ?? .colour)
            do {
                let registry = common.registry
                let config = try common.loadConfig(registry: registry)
                if let model = panel.flatMap(EPDModel.named) {
                    try await writePanel(model, config: config, registry: registry, logger: logger)
                    return
                }
                let frame = try await LockScreenApplication.snapshot(common.daemonOptions(config, registry: registry), pictureInks: client.pictureInks, logger: logger)
                guard let bytes = client.file(frame, bmp: out.lowercased().hasSuffix(".bmp")) else { throw ValidationFailure("cannot make the PNG") }
                do {
                    try Data(bytes).write(to: URL(fileURLWithPath: out), options: .atomic)
                } catch {
                    throw ValidationFailure("cannot write '\(out)': \(error)")
                }
            } catch let failure as ValidationFailure {
                throw failure
            } catch {
                throw ValidationFailure("\(error)")
            }
        }

        /// The frame at the panel's size (turned as the configuration turns the display),
        /// drawn for its inks, as the glass shows it.
        private func writePanel(_ model: EPDModel, config: LockScreenConfig?, registry: WidgetRegistry, logger: Logger) async throws {
            let rotation = config?.output.rotation ?? .none
            var options = common.daemonOptions(config, registry: registry)
            (options.width, options.height) = rotation.frameSize(deviceWidth: model.width, deviceHeight: model.height)
            var saturation: Double?
            if case let .epd(epd) = config?.output.target { saturation = epd.saturation }
            let inks = PanelGlass.pictureInks(of: model, saturation: saturation)
            let frame = try await LockScreenApplication.snapshot(options, pictureInks: inks, logger: logger)
            do {
                try PanelGlass.picture(of: frame, model: model, rotation: rotation).writePNG(to: out)
            } catch {
                throw ValidationFailure("cannot write '\(out)': \(error)")
            }
        }
    }
}
