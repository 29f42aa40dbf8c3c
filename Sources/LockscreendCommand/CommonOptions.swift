import WidgetKitCore  // for .fromEnvironment
import ArgumentParser
import Config
import ControlProtocol
import FoundationEssentials
import LockScreen
import LockScreenModel
import Logging
import Providers
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

    /// The configuration file in use: the one given, else `path` when it exists.
    func configPath(default path: String) -> String? {
        config ?? (FileManager.default.fileExists(atPath: path) ? path : nil)
    }

    /// The widget kinds this program runs: the stock ones reading the machine under
    /// `--root`, and those a custom daemon added.
    var registry: WidgetRegistry { .standard(systemRoot: systemRoot) }

    /// The configuration file, checked against `registry`'s kinds; nil when none was given
    /// and the default is absent.
    func loadConfig(registry: WidgetRegistry, default: String = LockScreenConfig.defaultPath) throws -> LockScreenConfig? {
        guard let path = configPath(default: `default`) else { return nil }
        do {
            return try LockScreenConfig.load(path: path, kinds: registry.kinds, files: SystemFiles())
        } catch {
            throw ConfigFailure(errors: error)
        }
    }

    /// The options, from the configuration file where it has them and the command line
    /// where given (the command line wins); the file's widgets made by `registry`, reading
    /// what arrives on `boards`.
    func daemonOptions(_ config: LockScreenConfig?, registry: WidgetRegistry, boards: WidgetBoards = WidgetBoards()) -> DaemonOptions {
        var options = DaemonOptions()
        let size = size.map { ($0.width, $0.height) } ?? config?.size
        options.width = size?.0 ?? options.width
        options.height = size?.1 ?? options.height
        options.start = at
        options.face = face(config)
        options.systemRoot = systemRoot
        options.content = config.map { registry.running($0.content, boards: boards) }
        options.clockHeight = config?.clockHeight
        // The machine's zone is followed as it changes (timedatectl set-timezone).
        if options.face.timeZone == nil { options.behaviour.systemTimeZone = SystemTimeZone() }
        return options
    }

    /// The clock face: the file's, with `--appearance` and `--twelve-hour` over it. The
    /// one place the command line wins: at start and at every reload.
    func face(_ config: LockScreenConfig?) -> ClockFace {
        var face = config?.face ?? ClockFace(dateLanguage: .fromEnvironment(ProcessInfo.processInfo.environment))
        if let appearance { face.colorScheme = appearance.scheme }
        if twelveHour { face.uses24HourClock = false }
        return face
    }

    func logger() -> Logger {
        LoggingSystem.bootstrap { EscapingLogHandler(label: $0) }
        var logger = Logger(label: "lockscreend")
        logger.logLevel = logLevel
        return logger
    }
}
