import Accessory  // for WidgetHost
import ArgumentParser
import Broker
import Config
import ControlProtocol
import ControlSocket
import DaemonInterface  // for .open
import FoundationEssentials
import Glibc  // for SIGTERM, SIGINT
import LockScreen
import LockScreenModel  // for .stacks
import Logging
import Panel
import PanelOptions
import Providers
import TimelineEngine  // for .widgets
import ProviderOptions
import DaemonRuntime  // for DaemonClock

/// The composition root: builds the daemon's parts once, from the command line and the
/// configuration file, and wires them into one `ServiceGroup`. Everything
/// that runs beside the daemon reaches it through the same few parts: one push board for
/// the process's life, one `ControlHandler` for the socket, the broker and the web, and the
/// daemon's inbox for what they ask of it.
package struct DaemonAssembly {
    let run: Lockscreend.Run
    package let logger: Logger
    /// The file as read at start; nil runs the built-in demo (a reload may add one).
    package let config: LockScreenConfig?
    package let options: DaemonOptions
    let daemon: DaemonService
    /// Where push widgets' timelines and broker messages arrive, whichever configuration
    /// is loaded.
    let boards: WidgetBoards
    package let handler: ControlHandler
    package let reload: ConfigReload
    let mqtt = MQTTChannel()
    let notifier = SystemdNotifier()
    /// The HAT's keys, requested before the panel is touched.
    let keys: GPIOKeys?
    /// How the panel is mounted: touches on its glass are turned back by it.
    let rotation: Rotation
    /// The clock every wait of the daemon goes through.
    package var clock: any DaemonClock { daemon.clock }

    /// Reads the configuration, takes the state directory's lock and the keys, opens the
    /// display and makes the daemon; the first thing that cannot be had ends the start
    /// with a line saying why. Without `--config`, `defaultConfig` is read when it exists,
    /// and by every reload.
    init(_ run: Lockscreend.Run, logger: Logger, defaultConfig: String = LockScreenConfig.defaultPath) throws {
        self.run = run
        self.logger = logger
        let common = run.common
        // What a command leaves behind (a `setsid` child) becomes ours to end.
        if !run.once { ChildRegistry.shared.becomeSubreaper() }
        // The kinds, read once: a reload runs outside the command's task.
        let registry = common.registry
        let config = try common.loadConfig(registry: registry, default: defaultConfig)
        for warning in config?.warnings ?? [] { logger.warning("\(warning.file):\(warning.line): \(warning.key): \(warning.message)") }
        // A program without the HTTP face hands a start that asks for it to the one with
        // it, before anything is locked or opened.
        if !run.once, Lockscreend.httpFace == nil, Self.web(run, config: config) != nil {
            let asking = run.http == nil ? "[http] listen" : "--http"
            logger.info("\(asking): handing over to \(HTTPFaceProgram.name)")
            try HTTPFaceProgram.handOver(arguments: CommandLine.arguments, asking: asking)
        }
        let boards = WidgetBoards()
        if let config { boards.expect(pushNames: config.pushNames, mqttFilters: config.mqttFilters) }
        // The file's widgets made running ones here, the one place that does.
        var options = common.daemonOptions(config, registry: registry, boards: boards)
        let output = run.output(config)
        options.stateDirectory = run.stateDir ?? StateStore.defaultDirectory()
        if !run.once, let directory = options.stateDirectory {
            do { try StateStore(directory: directory).lock() } catch { throw ValidationFailure(error.description) }
        }
        options.behaviour.staleMark = run.staleMark
        options.behaviour.coarseLiveSeconds = run.coarseSeconds || output.eink != nil
        options.behaviour.holdChanges = output.eink?.holdChanges ?? 0
        options.behaviour.screen = output.screenPower
        options.behaviour.findsGamutAhead = !run.once
        options.behaviour.waitsForAnswers = run.once
        // The process's daemon: widget code's statics (WidgetCenter, Activity) reach it.
        options.behaviour.host = .process
        // The keys first: a line another program holds ends the start before the panel is touched.
        var keys: GPIOKeys?
        if let buttons = config?.buttons, !buttons.buttons.isEmpty, !run.once {
            do { keys = try ButtonService.keys(buttons) } catch { throw ValidationFailure("[buttons]: \(error)") }
        }
        let display: PanelDisplay
        do {
            display = try output.open(width: options.width, height: options.height, logger: logger)
        } catch {
            keys?.close()
            throw ValidationFailure(error.description)
        }
        (options.width, options.height) = display.size
        options.behaviour.refreshEvery = output.refreshInterval(display)
        logger.info("drawing \(options.content == nil ? "the built-in demo" : "the configured lock screen") on \(display.name)")
        if config?.fetchesOverHTTP == true, let reason = HTTPFetcher.unavailability() {
            logger.warning("web widgets will show stale: \(reason)")
        }
        let (notifier, logger) = (self.notifier, self.logger)
        let widgets = options.content.map { $0.stacks.reduce(0) { $0 + $1.widgets.count } }
        let status = "STATUS=drawing \(widgets.map { "\($0) widget\($0 == 1 ? "" : "s")" } ?? "the built-in demo") on \(display.name)"
        // systemd: READY=1 once the first frame is up, WATCHDOG=1 while steps progress.
        let once = run.once
        daemon = DaemonService(options, display: display, logger: logger, once: once, offlineMark: run.offlineMark) {
            notifier.notify("READY=1\n" + status)
            guard !once else { return }
            // The start's code and files leave the page tables (docs/PERFORMANCE.md).
            let began = ContinuousClock.now
            let released = StartPages.release()
            logger.debug("the start's pages let go: \(released.bytes / 1024) KiB of \(released.mappings) mappings in \(ContinuousClock.now - began)")
        } onShutdown: {
            logger.info("stopping on request")
            notifier.notify("STOPPING=1")
        }
        handler = ControlHandler(engine: daemon.engine, board: boards.push, frames: daemon.frames, clock: daemon.clock, inbox: daemon.inbox, screens: daemon.screens, activities: options.behaviour.host.activities)
        // The file's display choice, when it made it (the command line may override it).
        let fileDisplay = run.headless == nil && run.fb == nil && run.drm == nil ? config?.output : nil
        reload = ConfigReload(common: common, path: common.config ?? defaultConfig, boards: boards, inbox: daemon.inbox, display: fileDisplay, logger: logger,
                              registry: registry, clockHeight: options.clockHeight, mqtt: run.once ? nil : mqtt, web: config?.web)
        (self.config, self.options, self.boards, self.keys) = (config, options, boards, keys)
        rotation = output.rotation
    }

    /// The group's services. They stop in reverse order: the daemon, first, stops last,
    /// so the socket answers until the final frame; when the daemon's loop ends, for
    /// whatever reason, the group ends with it.
    func services() throws -> [ServiceGroup.Member] {
        var services: [ServiceGroup.Member] = [
            .init(service: daemon, endsGroup: true),
            .init(service: HangupService(reload: reload)),
        ]
        if let interval = notifier.watchdogInterval {
            services.append(.init(service: WatchdogService(notifier: notifier, heartbeat: daemon.heartbeat, clock: daemon.clock, interval: interval)))
        }
        if let buttons = config?.buttons, let keys {
            services.append(.init(service: ButtonService(buttons, keys: keys, inbox: daemon.inbox, frames: daemon.frames, logger: logger)))
            logger.info("listening to \(buttons.buttons.count) key\(buttons.buttons.count == 1 ? "" : "s") on \(keys.chip)")
        }
        if let input = config?.input, input.touch != .off, !run.once {
            var input = input
            input.mapping.rotation = rotation
            services.append(.init(service: TouchService(config: input, frameSize: (options.width, options.height), inbox: daemon.inbox, logger: logger)))
        }
        guard !run.once else { return services }
        // The socket, the broker and the web read what the steps show.
        daemon.screens.open()
        services.append(.init(service: broker()))
        if let control = try control() { services.append(.init(service: control)) }
        if let web = try web() { services.append(.init(service: web)) }
        return services
    }

    /// Runs the group until SIGTERM or SIGINT, or until the daemon's loop ends.
    func run() async throws {
        try await ServiceGroup(members: try services(), logger: logger).run(stoppingOn: [SIGTERM, SIGINT])
    }

    /// The broker connection: always there, so a reload can add `[mqtt]`; without it the
    /// service only waits.
    func broker() -> MQTTService {
        let board = boards.mqtt
        let (handler, frames, outbox, logger) = (handler, daemon.frames, daemon.outbox, logger)
        let page = (run.http.flatMap(WebConfig.listen) ?? config?.web)?.pageURL(machine: MachineName.current)
        return MQTTService(first: MQTTSettings(config: config?.mqtt, content: config?.content), channel: mqtt, logger: logger) { mqtt, widgets, retired in
            frames.open()
            return MQTTBridge(config: mqtt, board: board, daemon: handler, configurationURL: page, widgets: widgets, retired: retired, outbox: outbox, logger: logger)
        }
    }

    /// The control socket for lockscreenctl, unless `--no-socket`.
    func control() throws -> ControlService? {
        guard !run.noSocket else { return nil }
        if let group = run.socketGroup, let check = SocketGroupCheck(group: group) {
            let problems = check.problems(configuration: config == nil ? nil : reload.path, secrets: config?.secretFiles ?? [])
            if !problems.isEmpty { throw ValidationFailure(problems.joined(separator: "\n")) }
        }
        do {
            let server = try ControlServer(path: run.socket ?? ControlSocket.defaultPath(), group: run.socketGroup)
            daemon.frames.open()
            // What is shown, for the status's words and frames and for taps by name.
            daemon.screens.open()
            logger.info("listening for lockscreenctl on \(server.path)")
            return ControlService(server: server, handler: handler)
        } catch {
            // A socket asked for by name must be there; on the default path, a second
            // daemon (a test, a demo) still draws, just not controllable.
            if run.socket != nil || run.socketGroup != nil { throw ValidationFailure(error.description) }
            logger.warning("\(error); running without a control socket")
            return nil
        }
    }

    /// The `[http]` the daemon serves: the command line's `--http` over the file's
    /// `[http]`, or nil when neither asks for the face.
    static func web(_ run: Lockscreend.Run, config: LockScreenConfig?) -> WebConfig? {
        guard var web = run.http.flatMap(WebConfig.listen) ?? config?.web else { return nil }
        web.tokenFile = config?.web?.tokenFile
        web.clients = config?.web?.clients ?? [:]
        web.edit = config?.web?.edit ?? false
        web.names = config?.web?.names ?? []
        if let file = config?.web {
            (web.tls, web.certificateFile, web.keyFile, web.cleartext, web.apnsKeys) = (file.tls, file.certificateFile, file.keyFile, file.cleartext, file.apnsKeys)
        }
        return web
    }

    /// The HTTP face, when `--http` or `[http] listen` asks for it.
    func web() throws -> (any Service)? {
        guard let web = Self.web(run, config: config), let face = Lockscreend.httpFace else { return nil }
        if !web.isLoopback && web.tokenFile == nil {
            throw ValidationFailure("--http \(run.http ?? ""): an address other than loopback needs a token: [http] token_file in the configuration")
        }
        daemon.frames.open()
        daemon.screens.open()
        return try face.service(web, assembly: self)
    }
}
