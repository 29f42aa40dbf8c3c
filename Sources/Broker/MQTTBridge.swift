import ActivityKitCore
import Accessory
import ControlProtocol
import DaemonRuntime
import FoundationEssentials
import JSON
import DaemonInterface
import LockScreenModel
import Logging
import Providers
import Synchronization
import Canvas

/// The daemon on an MQTT broker: its `mqtt` widgets fed from their topics (a message asks
/// for a reload, at most one a second per widget however fast they come), the same
/// operations as `lockscreenctl` on `<prefix>/push/<widget>`, `<prefix>/activity/<token>`
/// (a Live Activity push as APNs takes it), `<prefix>/reload`,
/// `<prefix>/page` and `<prefix>/refresh`, a retained `<prefix>/status` and
/// `<prefix>/availability` (the last will says "offline"), Home Assistant's discovery
/// (announced again whenever Home Assistant says it is online), each widget's state and
/// the page on topics of their own, and the screen as a PNG on `<prefix>/screen` after
/// each change, at most one every `screen_interval`. Every wait is on the daemon's clock.
package final class MQTTBridge: Sendable {
    package let config: MQTTConfig
    let board: MQTTBoard
    /// The daemon: commands answered, reloads asked, frames and the page shown.
    let daemon: any DaemonControl
    /// The daemon's clock: every wait of the bridge's is on it.
    var clock: any DaemonClock { daemon.clock }
    /// The web page's address when `--http` or `[http]` serves it: the device's link in
    /// Home Assistant.
    let configurationURL: String?
    let logger: Logger
    /// The widgets shown, for discovery: name and family.
    package let widgets: [Widget]
    /// Widgets a reload took away: their sensors are withdrawn from Home Assistant.
    let retired: [String]
    /// Control messages per command (`push/<widget>`, `reload`, `page`): five at once, then
    /// one a second; what comes faster is refused before it is read.
    let commands: RateLimiter
    /// Lent the connection while it is up, for taps that publish.
    let outbox: MQTTOutbox?

    /// A widget as discovery names it.
    package struct Widget: Sendable, Equatable {
        package let name: String
        package let family: String

        package init(name: String, family: String) {
            self.name = name
            self.family = family
        }
    }
    let state = Mutex(State())

    struct State {
        var coalescer = ReloadCoalescer()
        var lastError: String?
        var connected = false
        var refusedPassword = false
        /// The frame mailbox's update count of the last screen sent.
        var screenUpdates: Int?
        /// Set when a reload replaces this bridge with one of another node: its
        /// discovered entities are taken back from Home Assistant as it closes.
        var retiring = false
        var screenSent: Date?
        /// A screen is waiting for `screen_interval` to pass.
        var screenPending = false
        /// What this connection last sent on each state topic.
        var published: [String: [UInt8]] = [:]
        /// The widgets that have shown a number, with its unit ("" for none): each has a
        /// value sensor in Home Assistant.
        var valueUnits: [String: String] = [:]
        /// The widget filters subscribed on this connection.
        var subscribed: Set<String> = []
    }

    package init(
        config: MQTTConfig, board: MQTTBoard, daemon: any DaemonControl, configurationURL: String? = nil, widgets: [Widget], retired: [String] = [], outbox: MQTTOutbox? = nil,
        logger: Logger
    ) {
        self.outbox = outbox
        self.config = config
        self.board = board
        self.daemon = daemon
        self.configurationURL = configurationURL
        self.widgets = widgets
        self.retired = retired
        self.logger = logger
        commands = RateLimiter(burst: 5, interval: 1, maximumKeys: 256, clock: daemon.clock)
    }

    /// The control topics this display answers on.
    var controlFilters: [String] {
        ["\(config.prefix)/push/+", "\(config.prefix)/activity/+", "\(config.prefix)/reload", "\(config.prefix)/page", "\(config.prefix)/refresh", "\(config.prefix)/power"]
    }

    /// Connects and serves until the task is cancelled; then says "offline" and closes.
    package func run() async {
        // What libmosquitto's thread hands over waits in a box bounded by bytes, the newest
        // message of each topic only (MQTTInbox), live or retained.
        let inbox = MQTTInbox()
        let client: MQTTClient
        do {
            // That the broker has a message goes straight to the taps' outbox, whose bound
            // it frees; everything else waits in the inbox for this task.
            let outbox = self.outbox
            client = try MQTTClient(try config.clientOptions()) { event in
                if case let .published(id) = event { outbox?.delivered(id) } else { inbox.put(event) }
            }
        } catch {
            logger.error("MQTT: \(error); the mqtt widgets stay as they are")
            return
        }
        logger.info("MQTT: connecting to \(config.tls ? "mqtts" : "mqtt")://\(config.host):\(config.port) as \(config.clientID)")
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while let event = await inbox.take() { await self.handle(event, client: client) }
            }
            group.addTask { await self.publishPeriodically(client) }
            group.addTask { await self.followFrames(client) }
            await withTaskCancellationHandler {
                await group.next()
            } onCancel: {
                inbox.finish()
            }
            group.cancelAll()
        }
        outbox?.takeBack(client)
        if config.discovery && state.withLock({ $0.retiring }) { withdrawDiscovery(client, widgets: nil) }
        client.close(last: (config.availabilityTopic, "offline"))
    }

    /// Marks this bridge as replaced by one with another client id: when it closes, its
    /// Home Assistant entities are withdrawn, so the old device does not linger.
    package func retire() {
        state.withLock { $0.retiring = true }
    }

    func handle(_ event: MQTTClient.Event, client: MQTTClient) async {
        switch event {
        case let .connected(code):
            guard code == 0 else {
                // 4 and 5: bad user name or password, not authorised; said once.
                let first = state.withLock { state in defer { state.refusedPassword = true }; return !state.refusedPassword }
                if first { logger.error("MQTT: the broker refused the connection (CONNACK \(code)): check username and password_file") }
                return
            }
            // A new session: the broker may have lost what was retained.
            state.withLock { $0.connected = true; $0.refusedPassword = false; $0.published = [:] }
            logger.info("MQTT: connected; subscribing to \(board.filters.count) widget topic\(board.filters.count == 1 ? "" : "s")")
            let filters = board.filters
            let homeAssistant = config.discovery || config.statestream != nil
            for filter in filters.sorted() + controlFilters + (homeAssistant ? [Self.homeAssistantStatus] : []) { client.subscribe(filter) }
            state.withLock { $0.subscribed = filters }
            client.publish(config.availabilityTopic, Array("online".utf8), qos: 1, retain: true)
            if config.discovery {
                withdrawDiscovery(client, widgets: retired)
                publishDiscovery(client)
            }
            await publishStatus(client)
            outbox?.lend(client)
        case let .disconnected(code):
            outbox?.takeBack(client)
            state.withLock { $0.connected = false }
            if code != 0 { logger.warning("MQTT: connection lost (\(code)); reconnecting with backoff") }
        case .published:
            break
        case let .tooLarge(topic, length):
            refuse("a payload of \(length) bytes on \(topic) is over the 1 MiB limit")
            await publishStatus(client)
        case let .message(topic, payload, retained):
            if topic == Self.homeAssistantStatus {
                return await homeAssistant(online: String(decoding: payload, as: UTF8.self).trimmed() == "online", client: client)
            }
            if topic.hasPrefix(config.prefix + "/") {
                await control(String(topic.dropFirst(config.prefix.count + 1)), payload, retained: retained, client: client)
                return
            }
            let now = clock.now()
            for name in board.receive(topic: topic, payload: payload, at: now) { reload(name, at: now) }
        }
    }

    /// Asks the engine for `name`'s timeline now, or once when its second is over.
    func reload(_ name: String, at now: Date) {
        let decision = state.withLock { $0.coalescer.arrived(name, at: now) }
        switch decision {
        case .now:
            daemon.requestReload(kind: MQTTBoard.kind(of: name))
        case let .later(due, schedule):
            guard schedule else { return }
            let clock = self.clock
            Task(executorPreference: DaemonExecutor.preferred) {
                try? await clock.sleep(until: due)
                self.state.withLock { $0.coalescer.fired(name, at: due) }
                self.daemon.requestReload(kind: MQTTBoard.kind(of: name))
            }
        }
    }

    /// `<prefix>/push/<widget>` (a timeline), `reload`, `page` (lock, home, next), `refresh`,
    /// `power` (ON, OFF or AUTO: the screen, as `lockscreenctl screen`).
    func control(_ command: String, _ payload: [UInt8], retained: Bool = false, client: MQTTClient) async {
        let addressed = command.hasPrefix("push/") || command.hasPrefix("activity/")
        if case .refused = commands.admit(addressed ? command : String(command.prefix(16))) {
            return await answer(command, .failure("more than one message a second", status: 429), client: client, publishingStatus: false)
        }
        let request: ControlRequest
        switch command {
        case "reload": request = .reloadAll
        case "page":
            let page = String(decoding: payload, as: UTF8.self).trimmed()
            request = .page(page.isEmpty ? "next" : page)
        case "refresh": request = .refresh
        case "power":
            let power = String(decoding: payload.prefix(8), as: UTF8.self).trimmed().lowercased()
            guard ControlRequest.powers.contains(power) else {
                refuse("\(config.prefix)/power: expected ON, OFF or AUTO")
                return await publishStatus(client)
            }
            request = .screen(power: power)
        case _ where command.hasPrefix("activity/"):
            // A Live Activity push, its payload as APNs takes it (at most 8 KB).
            guard payload.count <= 8_192, let push = JSONValue.parse(Data(payload)) else {
                return await answer(command, .failure("the payload is not a JSON push of at most 8 KB"), client: client)
            }
            // A retained push comes again at every connection and every start: only its
            // own timestamp tells it from a new one.
            if retained, ActivityPush.aps(of: push)?["timestamp"] == nil {
                return await answer(command, .failure("a retained activity push needs aps.timestamp: the broker sends it again at every connection"), client: client)
            }
            request = .activity(token: String(command.dropFirst(9)), payload: push, priority: nil)
        default:
            // A pushed timeline's JSON (up to 1 MiB) is read on a thread of its own, not on
            // the daemon's thread that draws the clock and pings the watchdog.
            let read = command.hasPrefix("push/") ? await OwnThread.run(named: "mqtt push") { JSONValue.read(Data(payload)) } : nil
            guard command.hasPrefix("push/"), case let .success(timeline)? = read else {
                let why = if case let .failure(failure)? = read { "the payload is \(failure)" } else { "not a command" }
                refuse("\(config.prefix)/\(command): \(why)")
                return await publishStatus(client)
            }
            request = .push(widget: String(command.dropFirst(5)), timeline: timeline)
        }
        await answer(command, await daemon.handle(request), client: client)
    }

    /// What became of a command: a refusal in the log and the status; an activity push's
    /// reply, ok or not, on `<command>/reply` (MQTT has no answer of its own).
    func answer(_ command: String, _ reply: ControlReply, client: MQTTClient, publishingStatus: Bool = true) async {
        if let error = reply.error { refuse("\(config.prefix)/\(command.prefix(80)): \(error)") } else { state.withLock { $0.lastError = nil } }
        if command.hasPrefix("activity/"), ActivityToken.isValid(String(command.dropFirst(9))), let data = try? JSONEncoder().encode(reply) {
            _ = client.publish("\(config.prefix)/\(command)/reply", Array(data), qos: 1)
        }
        if publishingStatus { await publishStatus(client) }
    }


    /// A refused payload: a log line and the status's error, never a crash.
    func refuse(_ message: String) {
        logger.warning("MQTT: refused \(message)")
        state.withLock { $0.lastError = message }
    }

    /// The status (as `lockscreenctl status` gives it) on `<prefix>/status`, retained, and
    /// the states Home Assistant's entities read.
    func publishStatus(_ client: MQTTClient, force: Bool = false) async {
        var reply = await daemon.handle(ControlRequest.status)
        if config.discovery { publishStates(reply.widgets ?? [], force: force, client: client) }
        reply.error = state.withLock { $0.lastError }
        guard let data = try? JSONEncoder().encode(reply) else { return }
        client.publish(config.statusTopic, Array(data), qos: 1, retain: true)
    }

    /// The status every minute (states that change without a new frame: stale marks,
    /// errors), on the daemon's clock.
    func publishPeriodically(_ client: MQTTClient) async {
        var next = clock.now()
        while !Task.isCancelled {
            next = next.addingTimeInterval(60)
            do { try await clock.sleep(until: next) } catch { return }
            guard state.withLock({ $0.connected }) else { continue }
            // Widgets a reloaded configuration added: their topics too.
            let added = state.withLock { state in
                let new = board.filters.subtracting(state.subscribed)
                state.subscribed.formUnion(new)
                return new
            }
            for filter in added.sorted() { client.subscribe(filter) }
            await publishStatus(client)
        }
    }

    /// The screen as a PNG (as its glass shows it, for e-paper), when it changed since the
    /// last one sent (`scheduleScreen` keeps them `screen_interval` apart); an unchanged
    /// screen is not encoded again.
    func publishScreen(_ client: MQTTClient) {
        let now = clock.now()
        let (frame, updates) = daemon.frames.latestWithCount
        guard config.discovery, let frame, state.withLock({ $0.screenUpdates != updates }),
              let png = try? daemon.frames.shown(frame).pngData() else { return }
        state.withLock { ($0.screenUpdates, $0.screenSent) = (updates, now) }
        client.publish("\(config.prefix)/screen", Array(png), qos: 0, retain: true)
    }
}
