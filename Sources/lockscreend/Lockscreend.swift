import Accessory
import ArgumentParser
import Foundation
import LockScreen
import Logging
import Panel

/// The lock-screen daemon's command line.
@main
struct Lockscreend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lockscreend",
        abstract: "Draws iOS-style lock-screen widgets on a Linux display, touching only the pixels that change.",
        subcommands: [Run.self, Snapshot.self, Check.self, Preview.self, Bench.self],
        defaultSubcommand: Run.self)

    /// Parses and runs; errors are printed as one line naming the bad value (usage and
    /// help go to stdout only when asked for), never as a stack trace.
    static func main() async {
        // A peer that hangs up (a lockscreenctl client, an HTTP server) must not kill the
        // daemon: writes to it fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
            } else if let failure = error as? ConfigFailure {
                FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            } else {
                FileHandle.standardError.write(Data("lockscreend: \(message(for: error))\n".utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}

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

    /// The configuration file, checked; nil when none was given and the default is absent.
    func loadConfig() throws -> LockScreenConfig? {
        let path = config ?? (FileManager.default.fileExists(atPath: LockScreenConfig.defaultPath) ? LockScreenConfig.defaultPath : nil)
        guard let path else { return nil }
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
        options.uses24HourClock = twelveHour ? false : config?.uses24HourClock ?? true
        options.systemRoot = systemRoot
        options.content = config?.content
        options.clockFont = config?.clockFont
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
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        var logger = Logger(label: "lockscreend")
        logger.logLevel = logLevel
        return logger
    }
}

extension Lockscreend {
    /// Runs the daemon.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the daemon (the default). With no display given, the built-in demo is drawn headless into ./frames with PNG previews.")

        @OptionGroup var common: CommonOptions

        @Option(help: ArgumentHelp("Write every frame whole into DIR as NNNNNN.raw with DIR/frames.jsonl.", valueName: "DIR"))
        var headless: String?

        @Option(help: ArgumentHelp("Draw on this Linux framebuffer.", valueName: "PATH"))
        var fb: String?

        @Option(help: ArgumentHelp("Draw on this DRM/KMS card.", valueName: "PATH"))
        var drm: String?

        @Option(help: ArgumentHelp("With --drm: the connector to light (default: the first connected), e.g. HDMI-A-1.", valueName: "NAME"))
        var connector: String?

        @Option(help: ArgumentHelp("With --drm: the display mode (default: the preferred one).", valueName: "WxH"), transform: ScreenSize.parse)
        var mode: ScreenSize?

        @Option(help: "Pixel format: of the raw frames with --headless (\(PixelFormat.headlessChoices)), or instead of the detected one with --fb.")
        var format: PixelFormat?

        @Option(help: "The panel is mounted turned clockwise by 0, 90, 180 or 270 degrees.")
        var rotate: Rotation = .none

        @Flag(help: "With --fb: leave the text console alone (by default it is switched to graphics mode, hiding its cursor).")
        var keepConsole = false

        @Flag(help: "Also write NNNNNN.png for every frame (on by default when no display is given).")
        var png = false

        @Flag(help: "Draw one frame and exit.")
        var once = false

        @Option(help: ArgumentHelp("Keep the last timelines here across restarts (default /var/lib/lockscreend as root, else $XDG_STATE_HOME/lockscreend).", valueName: "DIR"))
        var stateDir: String?

        @Option(help: "How a widget whose provider fails is marked: dot, dim or none.")
        var staleMark: StaleMark = .dot

        @Flag(help: "Redraw live seconds (timers) once a minute, as an e-ink panel wants.")
        var coarseSeconds = false

        @OptionGroup(title: "E-ink") var eink: EinkOptions

        @Option(help: ArgumentHelp("The control socket for lockscreenctl (default /run/lockscreend.sock as root, else $XDG_RUNTIME_DIR/lockscreend.sock).", valueName: "PATH"))
        var socket: String?

        @Option(help: ArgumentHelp("The group that may use the control socket (mode 0660).", valueName: "NAME"))
        var socketGroup: String?

        @Flag(help: "Open no control socket.")
        var noSocket = false

        @Flag(help: "On SIGTERM, replace the date line with \"Offline since HH:MM\" before exiting (an e-ink panel keeps its last picture; it must not look live).")
        var offlineMark = false

        func validate() throws {
            guard [headless, fb, drm].compactMap({ $0 }).count <= 1 else { throw ValidationError("give one of --headless, --fb and --drm") }
            if connector != nil || mode != nil, drm == nil { throw ValidationError("--connector and --mode go with --drm") }
            if let kind = eink.epdc, fb == nil { throw ValidationError("--eink \(kind.rawValue) drives an e-reader's framebuffer: give --fb") }
            if let format, fb == nil, !PixelFormat.headless.contains(format) {
                throw ValidationError("--format \(format.rawValue) is for --fb; headless frames are \(PixelFormat.headlessChoices)")
            }
        }

        /// The display: the command line's when it names one, else the configuration's.
        func output(_ config: LockScreenConfig?) -> OutputOptions {
            var output: OutputOptions
            if headless == nil, fb == nil, drm == nil, let config {
                output = config.output
                if rotate != .none { output.rotation = rotate }
                if keepConsole { output.keepsConsole = true }
                if let policy = eink.policy { output.eink = policy }
                return output
            }
            if let fb {
                output = OutputOptions(target: .framebuffer(path: fb, format: format, epdc: eink.epdc))
            } else if let drm {
                output = OutputOptions(target: .drm(path: drm, connector: connector, mode: mode.map { ($0.width, $0.height) }))
            } else {
                output = OutputOptions(target: .headless(directory: headless ?? "frames", format: format ?? .xrgb8888, png: png || headless == nil))
            }
            output.rotation = rotate
            output.keepsConsole = keepConsole
            output.eink = eink.policy
            return output
        }

        func run() async throws {
            let logger = common.logger()
            let config = try common.loadConfig()
            var options = common.daemonOptions(config)
            let output = output(config)
            options.stateDirectory = stateDir ?? StateStore.defaultDirectory()
            options.behaviour.staleMark = staleMark
            options.behaviour.coarseLiveSeconds = coarseSeconds || output.eink != nil
            let display: PanelDisplay
            do {
                display = try output.open(width: options.width, height: options.height, logger: logger)
            } catch {
                throw ValidationFailure(error.description)
            }
            defer { display.close() }
            (options.width, options.height) = display.size
            logger.info("drawing \(options.content == nil ? "the built-in demo" : "the configured lock screen") on \(display.name)")
            let daemon = LockScreenApplication.daemon(options, display: display, logger: logger)
            var control: ControlServer?
            if !noSocket && !once {
                do {
                    let server = try ControlServer(path: socket ?? ControlServer.defaultPath(), group: socketGroup)
                    let handler = ControlHandler(engine: daemon.engine, board: config?.pushBoard ?? PushBoard(names: []), frames: daemon.frames, clock: daemon.clock)
                    server.start { await handler.handle($0) }
                    control = server
                    logger.info("listening for lockscreenctl on \(server.path)")
                } catch {
                    // A second daemon (a test, a demo) still draws; it is just not controllable.
                    logger.warning("\(error); running without a control socket")
                }
            }
            defer { control?.stop() }
            // systemd: READY=1 once the first frame is up, WATCHDOG=1 while steps progress.
            let notifier = SystemdNotifier()
            let widgets = options.content.map { $0.stacks.reduce(0) { $0 + $1.widgets.count } }
            let status = "STATUS=drawing \(widgets.map { "\($0) widget\($0 == 1 ? "" : "s")" } ?? "the built-in demo") on \(display.name)"
            daemon.onFirstFrame = { notifier.notify("READY=1\n" + status) }
            let watchdog = notifier.watchdogInterval.map { interval in
                Task { [heartbeat = daemon.heartbeat, clock = daemon.clock] in
                    while !Task.isCancelled {
                        if heartbeat.isAlive(at: clock.monotonic(), limit: interval) { notifier.notify("WATCHDOG=1") }
                        do { try await WallClockAlarm.shared.sleep(until: Date().addingTimeInterval(interval)) } catch { return }
                    }
                }
            }
            defer { watchdog?.cancel() }
            let stop = daemon.stopHandle
            let reconfigure = daemon.reconfigureHandle
            // The file's display choice, when it made it (the command line may override it).
            let fileDisplay = headless == nil && fb == nil && drm == nil ? config?.output : nil
            let reload = ConfigReload(common: common, board: config?.pushBoard, display: fileDisplay, logger: logger)
            let signals = SignalHandlers([SIGTERM, SIGINT, SIGHUP]) { number in
                if number == SIGHUP {
                    reload.run(reconfigure)
                } else {
                    logger.info("stopping on request")
                    notifier.notify("STOPPING=1")
                    stop.stop()
                }
            }
            defer { signals.cancel() }
            do {
                try await daemon.run(once: once)
                if offlineMark && !once { try daemon.presentOffline(at: daemon.clock.now()) }
            } catch let error as DisplayError {
                throw ValidationFailure(error.description)
            }
        }
    }

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

extension Lockscreend {
    /// Checks a configuration file without running anything.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a configuration file: every mistake is listed as FILE:LINE: KEY: what was expected, what was found.")

        @Option(help: ArgumentHelp("The file to check (default \(LockScreenConfig.defaultPath)).", valueName: "FILE"))
        var config: String = LockScreenConfig.defaultPath

        @Option(help: ArgumentHelp("Read /proc and /sys below DIR instead of /.", valueName: "DIR"))
        var systemRoot = "/"

        func run() throws {
            do {
                let checked = try LockScreenConfig.load(path: config, registry: .standard(systemRoot: systemRoot))
                let widgets = checked.content.stacks.reduce(0) { $0 + $1.widgets.count }
                print("\(config): OK, \(widgets) widget\(widgets == 1 ? "" : "s") placed")
            } catch {
                throw ConfigFailure(errors: error)
            }
        }
    }
}

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

extension Lockscreend {
    /// A simulated day through the real pipeline, against the full-redraw baseline.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a configuration through simulated time with the real engine, renderer, damage and panel code, and report what reached the panel against redrawing everything.")

        @Option(help: ArgumentHelp("The configuration to play (bench/desk.toml is the standard workload).", valueName: "FILE"))
        var config: String = "bench/desk.toml"

        @Option(help: ArgumentHelp("How long to simulate: 24h, 90m, 3600s.", valueName: "SPAN"), transform: parseSpan)
        var simulate: TimeInterval = 86_400

        @Option(help: "The panel: tft (RGB565) or eink (16 grey levels, refresh policy).")
        var panel: Benchmark.Panel = .tft

        @Option(help: "When the simulation starts (ISO 8601; the recordings in bench/ are for this day).", transform: parseTimestamp)
        var at: Date = Date(timeIntervalSince1970: 1_795_305_600)

        @Flag(help: "Print one JSON object.")
        var json = false

        func run() async throws {
            let loaded: LockScreenConfig
            do {
                loaded = try LockScreenConfig.load(path: config, registry: .standard())
            } catch {
                throw ConfigFailure(errors: error)
            }
            let report = try await Benchmark(config: loaded, panel: panel, start: at, duration: simulate).run()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
                return
            }
            let r = report
            print("""
                \(config), \(panel.rawValue) panel, \(Int(simulate)) s simulated
                updates              \(r.updates) (\(r.partialRefreshes) partial, \(r.fullRefreshes) full)
                pixels flushed       \(r.pixelsFlushed)
                pixels changed       \(r.pixelsChanged)
                full redraw would    \(r.pixelsFullRedraw)
                flushed / full       \(String(format: "%.5f", r.flushedVsFullRedraw))
                flushed / changed    \(String(format: "%.2f", r.flushedVsChanged))
                render ms p50/p99/max \(String(format: "%.2f / %.2f / %.2f", r.renderMsP50, r.renderMsP99, r.renderMsMax))
                CPU seconds          \(String(format: "%.2f", r.cpuSeconds))
                peak RSS             \(String(format: "%.1f", r.peakRssMb)) MB
                """)
        }
    }
}

extension Benchmark.Panel: ExpressibleByArgument {}

/// "24h", "90m", "3600s", "3600".
func parseSpan(_ text: String) throws -> TimeInterval {
    let units: [Character: Double] = ["h": 3_600, "m": 60, "s": 1]
    let unit = text.last.flatMap { units[$0] }
    guard let value = Double(unit == nil ? text : String(text.dropLast())), value > 0, value <= 31 * 86_400 else {
        throw ValidationError("expected a span such as 24h, 90m or 3600s (at most 31 days)")
    }
    return value * (unit ?? 1)
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

/// What SIGHUP does: reads the configuration file again; a valid one goes to the running
/// daemon, an invalid one is logged, mistake by mistake, while the old one runs on.
struct ConfigReload: Sendable {
    let common: CommonOptions
    let board: PushBoard?
    /// The display the file chose at start; nil when the command line chose it.
    let display: OutputOptions?
    let logger: Logger

    func run(_ handle: ReconfigureHandle) {
        let path = common.config ?? LockScreenConfig.defaultPath
        let config: LockScreenConfig
        do {
            config = try LockScreenConfig.load(path: path, registry: .standard(systemRoot: common.systemRoot), board: board)
        } catch {
            logger.error("not reloading \(path): \(error.issues.count) mistake(s); the running configuration stays")
            for issue in error.issues.sorted() { logger.error("\(issue.description)") }
            return
        }
        if let display, "\(config.output.target)" != "\(display.target)" || config.output.rotation != display.rotation {
            logger.notice("the [display] section changed; that takes effect when lockscreend restarts")
        }
        logger.notice("reloading \(path)")
        handle.request(LockScreenDaemon.Reconfiguration(
            content: config.content, colorScheme: common.appearance?.scheme ?? config.colorScheme,
            uses24HourClock: common.twelveHour ? false : config.uses24HourClock, timeZone: config.timeZone, clockFont: config.clockFont))
    }
}

/// A configuration file's issues: one line each, exit status 1.
struct ConfigFailure: Error, CustomStringConvertible {
    let errors: ConfigErrors
    var description: String { errors.description }
}

/// An error printed as one line, exiting with status 1.
struct ValidationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
