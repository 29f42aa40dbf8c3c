import Accessory
import ArgumentParser
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import Logging
import ZoneInfo

/// Options every subcommand shares.
struct CommonOptions: ParsableArguments {
    @Option(help: "Screen size in pixels, WIDTHxHEIGHT (default 800x480).", transform: ScreenSize.parse)
    var size: ScreenSize?

    @Option(help: "Pretend it is this time now (ISO 8601, e.g. 2026-11-22T14:04:57Z); the clock runs on from it.", transform: parseTimestamp)
    var at: Date?

    @Option(help: "dark (light content on black; the default) or light (dark content on white, for e-paper).")
    var appearance: Appearance?

    @Flag(help: "Show a 12-hour clock (9:41) instead of 24-hour (09:41).")
    var twelveHour = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(help: ArgumentHelp("Read /proc and /sys below DIR instead of / (fixed figures for tests and screenshots).", valueName: "DIR"))
    var systemRoot = "/"

    @Option(help: ArgumentHelp("The configuration file (default \(LockScreenConfig.defaultPath) when it exists; without one, the built-in demo).", valueName: "FILE"))
    var config: String?

    /// The configuration file in use: the one given, else the default when it exists.
    var configPath: String? {
        config ?? (FileManager.default.fileExists(atPath: LockScreenConfig.defaultPath) ? LockScreenConfig.defaultPath : nil)
    }

    /// The configuration file, checked; nil when none was given and the default is absent.
    func loadConfig() throws -> LockScreenConfig? {
        guard let path = configPath else { return nil }
        do {
            return try LockScreenConfig.load(path: path, registry: .standard(systemRoot: systemRoot))
        } catch {
            throw ConfigFailure(errors: error)
        }
    }

    /// The options, from the configuration file where it has them and the command line
    /// where given (the command line wins).
    func daemonOptions(_ config: LockScreenConfig?) -> DaemonOptions {
        var options = DaemonOptions()
        let size = size.map { ($0.width, $0.height) } ?? config?.size
        options.width = size?.0 ?? options.width
        options.height = size?.1 ?? options.height
        options.start = at
        options.colorScheme = appearance?.scheme ?? config?.colorScheme ?? .dark
        let language = config?.dateLanguage ?? DateLanguage.fromEnvironment(ProcessInfo.processInfo.environment)
        options.uses24HourClock = twelveHour ? false : config?.uses24HourClock ?? language.uses24HourClock
        options.dateLanguage = language
        options.systemRoot = systemRoot
        options.content = config?.content
        options.clockFont = config?.clockFont
        options.clockHeight = config?.clockHeight
        if let zone = config?.timeZone {
            options.timeZone = zone
        } else {
            // The machine's zone is followed as it changes (timedatectl set-timezone).
            options.behaviour.systemTimeZone = SystemTimeZone()
            options.timeZone = SystemTimeZone().current()
        }
        return options
    }

    func logger() -> Logger {
        LoggingSystem.bootstrap { EscapingLogHandler(label: $0) }
        var logger = Logger(label: "lockscreend")
        logger.logLevel = logLevel
        return logger
    }
}
