@testable import Broker
import Accessory
import Canvas
import ControlProtocol
import DaemonInterface
import DaemonTestSupport
import Foundation
import JSON
import LockScreenModel
import Panel
import Testing
import TestSupport
@testable import TOML
@testable import Config
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import ProviderOptions
import LockscreendCommand

@Suite("MQTT")
struct MQTTTests {
    @Test("a flood is one reload a second per widget: the first at once, the rest together when the second is over")
    func coalescing() {
        var coalescer = ReloadCoalescer(interval: 1)
        let t = Date(timeIntervalSince1970: 1_000)
        #expect(coalescer.arrived("a", at: t) == .now)
        #expect(coalescer.arrived("a", at: t + 0.1) == .later(t + 1, schedule: true))
        for i in 2..<10_000 { #expect(coalescer.arrived("a", at: t + 0.0001 * Double(i)) == .later(t + 1, schedule: false)) }
        #expect(coalescer.arrived("b", at: t + 0.2) == .now)
        coalescer.fired("a", at: t + 1)
        #expect(coalescer.arrived("a", at: t + 1.5) == .later(t + 2, schedule: true))
        #expect(coalescer.arrived("b", at: t + 3) == .now)
    }

    func source(_ toml: String, name: String = "w") throws -> MQTTWidgetSource {
        var reader = ConfigReader(file: "t.toml", files: SystemFiles())
        let table = try TOMLParser.parse(toml)
        let source = LockScreenConfig.mqttSource(name, table, at: "widgets.\(name)", hasBroker: true, reader: &reader)
        #expect(reader.issues.isEmpty, "\(reader.issues)")
        return try #require(source)
    }

    @Test("a JSON payload through a path, a raw one as $; a payload that does not fit is an error and the last good entry stays")
    func entries() throws {
        let board = MQTTBoard()
        board.setWidgets(["w": MQTTTopicFilter("home/+/temp")!, "g": MQTTTopicFilter("home/power")!])
        let t = Date(timeIntervalSince1970: 1_000)
        let text = try source("topic = \"home/+/temp\"\ntext = \"{$}°\"\nstale_after = 60")
        // Before the first message: nothing to show yet, and no failure.
        #expect(try text.timeline(board: board, now: t).entries.isEmpty)
        #expect(board.receive(topic: "home/kitchen/temp", payload: Array("21.5".utf8), at: t) == ["w"])
        #expect(board.receive(topic: "home/attic/dust", payload: Array("1".utf8), at: t) == [])
        let timeline = try text.timeline(board: board, now: t)
        #expect(timeline.entries.first?.content == .object(["text": .string("21.5°")]))
        #expect(timeline.policy == .after(t + 60))
        // Silence for stale_after: an error, so the engine marks the last entry stale.
        #expect(throws: MQTTWidgetSource.Failure.self) { try text.timeline(board: board, now: t + 60) }

        let gauge = try source("topic = \"home/power\"\n[gauge]\nvalue = \"$.watts\"\nmax = 3000", name: "g")
        _ = board.receive(topic: "home/power", payload: Array(#"{"watts": 1200}"#.utf8), at: t)
        let content = try gauge.timeline(board: board, now: t).entries.first?.content
        guard case let .object(entry)? = content, case let .object(g)? = entry["gauge"] else { Issue.record("\(String(describing: content))"); return }
        #expect(g["value"] == .number(1200) && g["max"] == .number(3000))
        _ = board.receive(topic: "home/power", payload: Array(#"{"volts": 230}"#.utf8), at: t)
        do {
            _ = try gauge.timeline(board: board, now: t)
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("$.watts"))
        }
        _ = board.receive(topic: "home/power", payload: [0xFF, 0xFE], at: t)
        #expect(throws: MQTTWidgetSource.Failure.self) { try gauge.timeline(board: board, now: t) }
    }

    @Test("[mqtt] reads the broker, and a password file anyone can read is refused")
    func config() throws {
        let password = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-password-\(UUID())").path
        _ = FileManager.default.createFile(atPath: password, contents: Data("s3cret\n".utf8), attributes: [.posixPermissions: 0o600])
        defer { try? FileManager.default.removeItem(atPath: password) }
        let layout = "[layout]\nrow = [\"t\"]\n[widgets.t]\nkind = \"mqtt\"\ntopic = \"a/b\"\ntext = \"{$}\"\n"
        let config = try RunningConfig.parse(
            "[mqtt]\nurl = \"mqtts://broker.lan\"\nusername = \"display\"\npassword_file = \"\(password)\"\nprefix = \"lockscreend/kitchen\"\nprotocol = \"5\"\n" + layout,
            file: "t.toml", registry: .standard())
        let mqtt = try #require(config.mqtt)
        #expect(mqtt.host == "broker.lan" && mqtt.port == 8883 && mqtt.tls && mqtt.protocolVersion == 5 && mqtt.discovery)
        #expect(mqtt.availabilityTopic == "lockscreend/kitchen/availability")
        #expect(try mqtt.clientOptions().password == "s3cret")
        #expect(config.mqttFilters["t"]?.description == "a/b")
        // Without client_id and prefix, both are made of the machine's name, which the
        // composition root hands in: the file's reader knows no host name.
        var unnamed = try #require(try RunningConfig.parse("[mqtt]\nurl = \"mqtt://b\"\n" + layout, file: "t.toml", registry: .standard()).mqtt)
        #expect(unnamed.prefix == "lockscreend/lockscreend" && unnamed.clientID == "lockscreend-lockscreend")
        unnamed.machine = "deskpi"
        #expect(unnamed.prefix == "lockscreend/deskpi" && unnamed.clientID == "lockscreend-deskpi" && unnamed.statusTopic == "lockscreend/deskpi/status")
        var named = mqtt
        named.machine = "deskpi"
        #expect(named.prefix == "lockscreend/kitchen", "a written prefix stays")

        chmod(password, 0o644)
        func issues(_ text: String) -> [String] {
            do {
                _ = try RunningConfig.parse(text, file: "t.toml", registry: .standard())
                return []
            } catch {
                return error.issues.map(\.description)
            }
        }
        #expect(issues("[mqtt]\nurl = \"mqtt://b\"\nusername = \"u\"\npassword_file = \"\(password)\"\n" + layout).contains { $0.contains("mqtt.password_file: \(password) is readable by every user") })
        #expect(issues("[mqtt]\nurl = \"http://b\"\n" + layout).contains { $0.hasPrefix("t.toml:2: mqtt.url: expected mqtt://host:port") })
        #expect(issues(layout).contains { $0.contains("kind = \"mqtt\" needs the broker") })
        #expect(issues("[mqtt]\nurl = \"mqtt://b\"\n" + layout.replacingOccurrences(of: "a/b", with: "a/#/b")).contains { $0.contains("widgets.t.topic") })
    }

    @Test("discovery names one device with buttons, a page select, the screen image, the screen power switch and a sensor per widget")
    func discovery() async throws {
        var config = MQTTConfig(host: "b", port: 1883, tls: false, clientID: "lockscreend-kitchen", prefix: "lockscreend/kitchen")
        config.discovery = true
        let daemon = StandInDaemon(clock: ManualClock(start: testNow), pages: ["lock", "home"])
        let bridge = MQTTBridge(config: config, board: MQTTBoard(), daemon: daemon, widgets: [MQTTBridge.Widget(name: "temp", family: "circular")], logger: quietLogger)
        let messages = bridge.discoveryMessages()
        #expect(messages.map(\.topic) == [
            "homeassistant/button/lockscreend-kitchen/reload/config", "homeassistant/button/lockscreend-kitchen/refresh/config",
            "homeassistant/select/lockscreend-kitchen/page/config", "homeassistant/image/lockscreend-kitchen/screen/config",
            "homeassistant/switch/lockscreend-kitchen/screen_power/config",
            "homeassistant/sensor/lockscreend-kitchen/widget_temp/config",
        ])
        for (_, payload) in messages {
            guard case let .object(body) = payload, case let .object(device)? = body["device"] else { Issue.record("\(payload)"); continue }
            #expect(body["availability_topic"] == .string("lockscreend/kitchen/availability"))
            #expect(device["identifiers"] == .array([.string("lockscreend-kitchen")]))
            #expect(device["name"] == .string("Kitchen display"))
            #expect(device["sw_version"] == .string(Release.version))
            #expect(body["has_entity_name"] == .bool(true))
            // The entity id HA 2026 takes (it stops reading object_id in 2026.4), the same
            // as the one earlier versions make of object_id.
            let component = messages.first { $0.payload == payload }?.topic.split(separator: "/")[1] ?? ""
            guard case let .string(id)? = body["default_entity_id"], case let .string(object)? = body["object_id"] else { Issue.record("\(body)"); continue }
            #expect(id == "\(component).\(object.replacingOccurrences(of: "-", with: "_"))")
            #expect(body["origin"] == .object(["name": .string("lockscreend"), "sw_version": .string(Release.version)]))
            // No templates: a key a template reads that is not there is an error in HA's log.
            #expect(!body.keys.contains { $0.hasSuffix("_template") }, "\(body.keys.sorted())")
            // Everything with a state has a state topic.
            if body["command_topic"] == nil || body["options"] != nil || body["payload_on"] != nil { #expect(body["state_topic"] != nil || body["image_topic"] != nil, "\(body)") }
        }
        let ids: [JSONValue] = messages.compactMap { message -> JSONValue? in
            guard case let .object(body) = message.payload else { return nil }
            return body["default_entity_id"]
        }
        #expect(ids == [
            .string("button.lockscreend_kitchen_reload"), .string("button.lockscreend_kitchen_refresh"), .string("select.lockscreend_kitchen_page"),
            .string("image.lockscreend_kitchen_screen"), .string("switch.lockscreend_kitchen_screen_power"), .string("sensor.lockscreend_kitchen_widget_temp"),
        ], "the ids docs/HOME-ASSISTANT.md names")
        guard case let .object(page) = messages[2].payload, case let .object(power) = messages[4].payload, case let .object(sensor) = messages[5].payload else { return }
        #expect(page["options"] == .array([.string("lock"), .string("home")]), "the daemon's pages")
        #expect(power["command_topic"] == .string("lockscreend/kitchen/power") && power["state_topic"] == .string("lockscreend/kitchen/power/state"))
        #expect(sensor["state_topic"] == .string("lockscreend/kitchen/widget/widget_temp/state"))
        #expect(sensor["json_attributes_topic"] == .string("lockscreend/kitchen/widget/widget_temp/attributes"))
    }

    @Test("a number with a unit is a reading HA can graph, with the classes HA defines for the unit; words are not")
    func readings() {
        #expect(WidgetReading("21.5 °C") == WidgetReading(value: 21.5, unit: "°C"))
        #expect(WidgetReading("−3 °C")?.value == -3)
        #expect(WidgetReading("45 %")?.classes.device == nil)
        #expect(WidgetReading("1200W")?.classes.device == "power")
        #expect(WidgetReading("3.2 kWh")?.classes.state == "total_increasing")
        #expect(WidgetReading("12") == WidgetReading(value: 12, unit: nil))
        #expect(WidgetReading("12")?.state == "12")
        for words in ["run 2", "On", "2 apples today", "1.2.3", ".5", "5 km 3", ""] { #expect(WidgetReading(words) == nil, "\(words)") }
    }

    @Test("a widget's state is what it shows, within HA's 255 characters; unknown before it shows anything")
    func widgetState() {
        var status = WidgetStatus(name: "w", kind: "mqtt", family: "circular", shown: "placeholder", stale: false, providerCalls: 0, failures: 0,
                                  lastError: nil, nextReload: nil, budgetLeft: nil)
        #expect(MQTTBridge.state(of: status) == "unknown")
        status.shown = "2026-11-26T00:00:00Z"
        status.text = "21.5 °C"
        #expect(MQTTBridge.state(of: status) == "21.5 °C")
        status.text = String(repeating: "x", count: 400)
        #expect(MQTTBridge.state(of: status).count == 255)
    }
}

@Suite("Home Assistant statestream widgets")
struct HomeAssistantTests {
    func source(_ toml: String, statestream: String? = "homeassistant") throws -> (HomeAssistantWidgetSource?, [String]) {
        var reader = ConfigReader(file: "t.toml", files: SystemFiles())
        let source = LockScreenConfig.homeAssistantSource("w", try TOMLParser.parse(toml), at: "widgets.w", statestream: statestream, reader: &reader)
        return (source, reader.issues.map(\.description))
    }

    @Test("the state with its unit, an attribute JSON-decoded, a gauge; unavailable keeps the last entry, stale")
    func states() throws {
        let board = MQTTBoard()
        let t = Date(timeIntervalSince1970: 1_000)
        let temperature = try #require(try source("entity = \"sensor.kitchen_temperature\"").0)
        #expect(temperature.filter.description == "homeassistant/sensor/kitchen_temperature/+")
        board.setWidgets(["w": temperature.filter])
        #expect(try temperature.timeline(board: board, now: t).entries.isEmpty)
        _ = board.receive(topic: "homeassistant/sensor/kitchen_temperature/unit_of_measurement", payload: Array(#""°C""#.utf8), at: t)
        _ = board.receive(topic: "homeassistant/sensor/kitchen_temperature/state", payload: Array("21.5".utf8), at: t)
        // Without an icon of its own, a sensor shows HA's sensor icon; by its device class, that class's.
        #expect(try temperature.timeline(board: board, now: t).entries.first?.content == .object(["text": .string("21.5 °C"), "symbol": .string("mdi:eye")]))
        _ = board.receive(topic: "homeassistant/sensor/kitchen_temperature/device_class", payload: Array(#""temperature""#.utf8), at: t)
        #expect(try temperature.timeline(board: board, now: t).entries.first?.content["symbol"] == .string("mdi:thermometer"))
        _ = board.receive(topic: "homeassistant/sensor/kitchen_temperature/icon", payload: Array(#""mdi:fire""#.utf8), at: t)
        #expect(try temperature.timeline(board: board, now: t).entries.first?.content["symbol"] == .string("mdi:fire"))
        var plain = try #require(try source("entity = \"sensor.kitchen_temperature\"\nsymbol = \"\"").0)
        plain.name = "w"
        #expect(try plain.timeline(board: board, now: t).entries.first?.content == .object(["text": .string("21.5 °C")]))
        _ = board.receive(topic: "homeassistant/sensor/kitchen_temperature/state", payload: Array("unavailable".utf8), at: t)
        #expect(throws: HomeAssistantWidgetSource.Failure.self) { try temperature.timeline(board: board, now: t) }

        // Home Assistant gone (its last will): stale with the reason; back: the state again.
        _ = board.receive(topic: "homeassistant/sensor/kitchen_temperature/state", payload: Array("22".utf8), at: t)
        board.homeAssistant(online: false, at: t)
        #expect(throws: HomeAssistantWidgetSource.Failure(description: "Home Assistant is offline (its last will on homeassistant/status): sensor.kitchen_temperature's last state is kept")) {
            try temperature.timeline(board: board, now: t)
        }
        board.homeAssistant(online: true, at: t)
        #expect(try temperature.timeline(board: board, now: t).entries.first?.content["text"] == .string("22 °C"))

        var setpoint = try #require(try source("entity = \"climate.hall\"\nattribute = \"temperature\"\nmin = 5\nmax = 30").0)
        setpoint.name = "w"
        board.setWidgets(["w": setpoint.filter])
        _ = board.receive(topic: "homeassistant/climate/hall/temperature", payload: Array("19.5".utf8), at: t)
        let content = try setpoint.timeline(board: board, now: t).entries.first?.content
        #expect(content == .object(["gauge": .object(["value": .number(19.5), "min": .number(5), "max": .number(30), "text": .string("19.5")]), "symbol": .string("mdi:thermometer")]))
    }

    @Test("HA's icons: every default is in Debian's Material Design Icons font, drawn from it; an unknown mdi: name is logged once")
    func icons() throws {
        #expect(MaterialDesignIcons.count > 1_500)
        #expect(MaterialDesignIcons.character(named: "thermometer") == "\u{F50F}")
        for name in Array(HomeAssistantIcons.byDeviceClass.values) + Array(HomeAssistantIcons.byDomain.values) {
            #expect(MaterialDesignIcons.character(named: String(name.dropFirst(4))) != nil, "\(name)")
        }
        func drawn(_ name: String) -> Frame {
            var env = EnvironmentValues()
            env.widgetFamily = .accessoryCircular
            let placed = RenderableEntry(date: testNow) { Image(systemName: name).font(.system(size: 24)) }
                .place(size: Size(width: 40, height: 40), environment: env)
            var frame = Frame(width: 40, height: 40)
            placed.draw(into: &frame, at: .zero, scale: 1)
            return frame
        }
        let thermometer = drawn("mdi:thermometer"), fire = drawn("mdi:fire"), missing = drawn("mdi:no-such-icon")
        #expect(thermometer.pixels.contains { $0 > 128 } && thermometer != fire && thermometer != missing)
        #expect(missing == drawn("no.such.symbol"))
        // The list is the process's, and a daemon under test elsewhere may take it first.
        #expect(SymbolNames.hasReported("mdi:no-such-icon") && SymbolNames.hasReported("no.such.symbol"))
    }

    @Test("states in the words of HA's dashboards: On, a door's Open, Away; a sensor's own text and numbers as they are")
    func words() throws {
        #expect(HomeAssistantStates.display("on", entity: "input_boolean.porch", deviceClass: nil) == "On")
        #expect(HomeAssistantStates.display("on", entity: "binary_sensor.front_door", deviceClass: "door") == "Open")
        #expect(HomeAssistantStates.display("off", entity: "binary_sensor.hall_motion", deviceClass: "motion") == "Clear")
        #expect(HomeAssistantStates.display("not_home", entity: "person.anna", deviceClass: nil) == "Away")
        #expect(HomeAssistantStates.display("partlycloudy", entity: "weather.home", deviceClass: nil) == "Partly cloudy")
        #expect(HomeAssistantStates.display("above_horizon", entity: "sun.sun", deviceClass: nil) == "Above horizon")
        #expect(HomeAssistantStates.display("cloudy", entity: "sensor.forecast", deviceClass: nil) == "cloudy")
        #expect(HomeAssistantStates.display("21.5", entity: "input_number.setpoint", deviceClass: nil) == "21.5")
        let board = MQTTBoard()
        var light = try #require(try source("entity = \"input_boolean.porch_light\"").0)
        light.name = "w"
        board.setWidgets(["w": light.filter])
        _ = board.receive(topic: "homeassistant/input_boolean/porch_light/state", payload: Array("on".utf8), at: Date())
        #expect(try light.timeline(board: board, now: Date()).entries.first?.content == .object(["text": .string("On"), "symbol": .string("mdi:toggle-switch")]))
    }

    @Test("mistakes: no statestream, a malformed entity, half a gauge")
    func mistakes() throws {
        #expect(try source("entity = \"sensor.x\"", statestream: nil).1.contains { $0.contains("statestream = \"homeassistant\"") && $0.contains("[homeassistant] with url and token_file") })
        #expect(try source("entity = \"Kitchen Temperature\"").1.contains { $0.contains("widgets.w.entity: expected an entity id") })
        #expect(try source("entity = \"sensor.x\"\nmin = 3").1.contains { $0.contains("both min and max") })
        #expect(HomeAssistantWidgetSource.isEntity("binary_sensor.front_door_2"))
        #expect(!HomeAssistantWidgetSource.isEntity("sensor"))
    }
}
