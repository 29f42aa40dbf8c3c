import ArgumentParser
import Config
import ControlProtocol
import FoundationEssentials
import LockScreenModel  // for .stacks
import Logging
import Providers
import TimelineEngine  // for .widgets
import ProviderOptions

extension Lockscreend {
    /// Checks a configuration file without running anything.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a configuration file: every mistake is listed as FILE:LINE: KEY: what was expected, what was found.")

        @Option(help: ArgumentHelp("The file to check (default \(LockScreenConfig.defaultPath)).", valueName: "FILE"))
        var config: String = LockScreenConfig.defaultPath

        @Option(help: ArgumentHelp("Read /proc and /sys below DIR instead of /.", valueName: "DIR"))
        var systemRoot = "/"

        func run() throws {
            do {
                let checked = try LockScreenConfig.load(path: config, kinds: WidgetRegistry.standard(systemRoot: systemRoot).kinds, files: SystemFiles())
                let widgets = checked.content.stacks.reduce(0) { $0 + $1.widgets.count }
                print("\(config): OK, \(widgets) widget\(widgets == 1 ? "" : "s") placed")
                for warning in checked.warnings { print(warning.warning) }
                // Each calendar file as its widget reads it this week: a rule it cannot walk
                // is named by the calendar's own file and line.
                for file in checked.calendarFiles {
                    if let problem = CalendarSource.problem(inFile: file, now: Date()) { print("\(config): warning: calendar \(problem)") }
                }
                if checked.fetchesOverHTTP, let reason = HTTPFetcher.unavailability() {
                    print("\(config): warning: web widgets will show stale: \(reason)")
                }
            } catch {
                throw ConfigFailure(errors: error)
            }
        }
    }
}
