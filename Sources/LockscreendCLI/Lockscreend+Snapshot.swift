import ArgumentParser
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Logging
import Panel

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

        func validate() throws {
            if let depth, ClientScreen.Depth(rawValue: depth) == nil {
                throw ValidationError("--depth is one of \(ClientScreen.Depth.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }

        func run() async throws {
            let logger = common.logger()
            let client = ClientScreen(depth: depth.flatMap(ClientScreen.Depth.init(rawValue:)) ?? .colour)
            do {
                let frame = try await LockScreenApplication.snapshot(common.daemonOptions(try common.loadConfig()), logger: logger)
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
    }
}
