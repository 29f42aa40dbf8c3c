import Accessory
import ArgumentParser
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Logging
import Panel
import Providers

extension Lockscreend {
    /// Renders one frame to a PNG.
    struct Snapshot: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Render one frame of the lock screen to a PNG file.")

        @OptionGroup var common: CommonOptions

        @Option(help: "The PNG file to write.")
        var out: String

        func run() async throws {
            let logger = common.logger()
            do {
                try await LockScreenApplication.snapshot(common.daemonOptions(try common.loadConfig()), to: out, logger: logger)
            } catch {
                throw ValidationFailure("\(error)")
            }
        }
    }
}
