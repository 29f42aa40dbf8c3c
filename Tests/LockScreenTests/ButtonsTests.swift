import Canvas
@testable import Config
@testable import DaemonRuntime
import DaemonTestSupport
import Foundation
@testable import LockScreen
import LockScreenModel  // for .activate
import Panel
import PanelOptions
import TestSupport
import Testing
@testable import TimelineEngine
import Providers

@Suite("HAT keys")
struct ButtonsTests {
    static let layout = """
        [layout]
        row = [["note", "other"], "third"]
        [widgets.note]
        kind = "text"
        text = "one"
        [widgets.other]
        kind = "text"
        text = "two"
        [widgets.third]
        kind = "text"
        text = "three"

        """

    func parse(_ buttons: String) throws(ConfigErrors) -> RunningConfig {
        try RunningConfig.parse(Self.layout + buttons, file: "k.toml", registry: .standard(systemRoot: fixtureRoot))
    }

    @Test("a board names its keys' pins; a key takes an action and what it needs")
    func reads() throws {
        let config = try parse("""
            [buttons]
            board = "inky-impression"
            debounce_ms = 80
            [buttons.a]
            action = "next"
            widget = "other"
            [buttons.b]
            action = "reload"
            [buttons.c]
            action = "refresh"
            pin = 25
            [buttons.d]
            action = "command"
            command = ["logger", "pressed"]
            [buttons.e]
            pin = 26
            action = "focus-next"
            [buttons.f]
            pin = 27
            action = "activate"
            """)
        let buttons = try #require(config.buttons)
        #expect(buttons.debounce == 0.08)
        #expect(buttons.buttons.map(\.pin) == [5, 6, 25, 24, 26, 27])
        #expect(buttons.buttons.map(\.action) == [.next(widget: "other"), .reload, .refresh, .command(["logger", "pressed"]), .focus(.next), .focus(.activate)])
    }

    @Test("mistakes name file, line and key", arguments: [
        ("[buttons]\n[buttons.x]\naction = \"reload\"", "k.toml:13: buttons.x: no pin: give pin = N"),
        ("[buttons]\nboard = \"inky-impression\"\n[buttons.e]\naction = \"reload\"", "k.toml:14: buttons.e: inky-impression's keys are a, b, c, d"),
        ("[buttons]\n[buttons.a]\npin = 5\naction = \"next\"\nwidget = \"nite\"", "k.toml:16: buttons.a.widget: no widget 'nite' on the screen (did you mean 'note'?)"),
        ("[buttons]\n[buttons.a]\npin = 5\naction = \"next\"", "k.toml:13: buttons.a.widget: action = \"next\" needs the widget"),
        ("[buttons]\n[buttons.a]\npin = 5\naction = \"shout\"", "k.toml:15: buttons.a.action:"),
        ("[buttons]\n[buttons.a]\npin = 5", "k.toml:13: buttons.a.action: no action"),
        ("[buttons]\n[buttons.a]\npin = 5\naction = \"command\"", "k.toml:13: buttons.a.command: action = \"command\" needs"),
        ("[buttons]\n[buttons.a]\npin = 5\naction = \"reload\"\n[buttons.b]\npin = 5\naction = \"refresh\"", "k.toml:12: buttons: two keys on one pin"),
    ])
    func mistakes(text: String, expected: String) {
        do {
            _ = try parse(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.issues.contains { $0.description.hasPrefix(expected) }, "\(error.issues.map(\.description))")
        }
    }

    @Test("a bouncing contact is one press; presses apart are each one")
    func debounce() {
        var keys = KeyDebouncer(seconds: 0.05)
        let ms: UInt64 = 1_000_000
        let presses = [(5, 0), (5, 3), (5, 9), (5, 40), (6, 41), (5, 200), (5, 260), (6, 90)].map { (UInt32($0.0), UInt64($0.1) * ms) }
        #expect(presses.map { keys.accept(pin: $0.0, at: $0.1) } == [true, false, false, false, true, true, true, false])
    }

    @Test("a key turns the stack holding a widget, and asks for a whole, full refresh")
    func actions() async throws {
        let config = try parse("")
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenDaemon(
            content: config.content, renderer: LockScreenApplication.renderer(testOptions()), display: display, clock: ManualClock(start: testNow),
            behaviour: LockScreenDaemon.Behaviour(), logger: quietLogger)
        _ = try await daemon.step(now: testNow)
        let before = display.presentations.count
        await daemon.perform(.nextInStack(widget: "other"), now: testNow.addingTimeInterval(1))
        _ = try await daemon.step(now: testNow.addingTimeInterval(1))
        #expect(display.presentations.count == before + 1)
        #expect(display.presentations.last?.refresh == .partial)
        let shown = daemon.scheduler.stacks[0]
        #expect(shown.current == 1)
        await daemon.perform(.fullRefresh, now: testNow.addingTimeInterval(2))
        _ = try await daemon.step(now: testNow.addingTimeInterval(2))
        #expect(display.presentations.last?.refresh == .full)
        #expect(display.presentations.last?.damage == [PixelRect(x: 0, y: 0, width: 800, height: 480)])
        // The inbox queues for the loop, from any thread.
        daemon.inbox.send(.nextInStack(widget: "note"))
        #expect(daemon.requests.take().map { "\($0)" } == [#"nextInStack(widget: "note")"#])
    }

    @Test("keys on a GPIO chip that is not there are one clear line")
    func noChip() {
        do {
            _ = try GPIOKeys(chip: "/dev/no-gpiochip", pins: [5], debounce: 0.05)
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("no such GPIO chip"))
        }
    }
}

@Suite("Touch input configuration")
struct InputConfigTests {
    @Test("[input] names a touch screen and how its axes meet the panel; mistakes say file, line and key")
    func reads() throws {
        let config = try RunningConfig.parse("[input]\ntouch = \"auto\"\nswap_xy = true\ncalibration = [1, 0, 0, 0, 1.5, -0.25]\n", file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        #expect(config.input.touch == .auto && config.input.mapping.swapXY && config.input.mapping.calibration == [1, 0, 0, 0, 1.5, -0.25])
        #expect(configIssues("[input]\ntouch = \"/etc/passwd\"\n", file: "t.toml").contains("t.toml:2: input.touch: expected \"auto\", \"off\" or a device under /dev/input/"))
        #expect(configIssues("[input]\ncalibration = [1, 2]\n", file: "t.toml").contains("t.toml:2: input.calibration:"))
        #expect(configIssues("[input]\ntuch = \"auto\"\n", file: "t.toml").contains("input.tuch"))
    }
}

@Suite("Taps on whole widgets")
struct WidgetTapTests {
    @Test("[widgets.X.tap] runs a command for a tap anywhere on the widget, with its name; mistakes name the key")
    func command() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tap-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let config = try RunningConfig.parse("""
            [layout]
            row = ["note"]
            [widgets.note]
            kind = "text"
            text = "Lights"
            [widgets.note.tap]
            command = ["sh", "-c", "echo \\"$LOCKSCREEND_WIDGET\\" > \(file)"]
            """, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        #expect(config.content.taps["note"] == .command(["sh", "-c", "echo \"$LOCKSCREEND_WIDGET\" > \(file)"]))
        let daemon = LockScreenDaemon(
            content: config.content, renderer: LockScreenApplication.renderer(testOptions()), display: MemoryDisplay(width: 800, height: 480), clock: ManualClock(start: testNow),
            behaviour: LockScreenDaemon.Behaviour(), logger: quietLogger)
        _ = try await daemon.step(now: testNow)
        let widget = try #require(daemon.pageControls().first)
        await daemon.perform(.tap(x: widget.frame.minX + 3, y: widget.frame.maxY - 3), now: testNow)
        // The command is a real child process: wait for its report (the limit only guards
        // against a hang).
        let performed = try await eventually {
            daemon.requests.take().contains { if case .performed(_, _, false) = $0 { true } else { false } }
        }
        #expect(performed)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "note\n")
        #expect(configIssues("[widgets.n]\nkind = \"text\"\ntext = \"a\"\n[widgets.n.tap]\npage = \"sideways\"\n", file: "t.toml").contains("t.toml:5: widgets.n.tap.page"))
        #expect(configIssues("[widgets.n]\nkind = \"text\"\ntext = \"a\"\n[widgets.n.tap]\npage = \"next\"\nreload = true\n", file: "t.toml").contains("widgets.n.tap: give one action, not page and reload"))
    }
}
