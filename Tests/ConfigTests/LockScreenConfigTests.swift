import Accessory
@testable import Config
@testable import ControlProtocol
import DaemonTestSupport
import Foundation
@testable import JSON
@testable import LockScreen
import LockScreenModel  // for .inline
import Panel
import PanelOptions
@testable import Providers
import TestSupport
import Testing
@testable import TimelineEngine
import ProviderOptions

@Suite("LockScreenConfig")
struct LockScreenConfigTests {
    let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func parse(_ text: String) throws(ConfigErrors) -> RunningConfig {
        try RunningConfig.parse(text, file: "test.toml", registry: registry)
    }

    func issues(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.issues.sorted().map(\.description)
        }
    }

    /// Re-record with: .build/debug/lockscreend check --config Tests/Fixtures/config/mistakes.toml
    ///   2>&1 | sed 's#Tests/Fixtures/config/##' > Tests/Fixtures/config/mistakes.expected
    @Test("every mistake of a file is reported at once: file, line, key, expected, found, a hint")
    func golden() throws {
        let dir = fixtureRoot + "/config"
        let text = try String(contentsOfFile: dir + "/mistakes.toml", encoding: .utf8)
        let expected = try String(contentsOfFile: dir + "/mistakes.expected", encoding: .utf8)
        #expect(throws: ConfigErrors.self) { try RunningConfig.parse(text, file: "mistakes.toml", registry: registry) }
        do {
            _ = try RunningConfig.parse(text, file: "mistakes.toml", registry: registry)
        } catch {
            #expect(error.description + "\n" == expected)
        }
    }

    /// Every file in deploy/examples.
    static let exampleNames: [String] = {
        let directory = repository.appendingPathComponent("deploy/examples").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test("the shipped examples pass the check: one per display family and e-paper HAT")
    func exampleSet() {
        for name in ["desk-800x480", "epaper-250x122", "kobo", "waveshare-2in13-v4", "waveshare-2in9-v2", "waveshare-1in54-v2", "waveshare-4in2-v2",
                     "waveshare-7in5-v2", "waveshare-it8951", "inky-phat-red", "inky-what-black", "inky-impression-7in3"] {
            #expect(Self.exampleNames.contains(name), "deploy/examples/\(name).toml")
        }
    }

    @Test("the shipped examples pass the check", arguments: exampleNames)
    func examples(name: String) throws {
        let path = Self.repository.appendingPathComponent("deploy/examples/\(name).toml").path
        let config = try RunningConfig.load(path: path, registry: registry)
        #expect(!config.content.row.isEmpty)
    }

    @Test("a configuration knows whether it fetches over HTTP (and so needs libcurl)")
    func fetchesOverHTTP() throws {
        let layout = "[layout]\nrow = [\"w\"]\n[widgets.w]\nfamily = \"rectangular\"\n"
        #expect(try parse(layout + "kind = \"http\"\nurl = \"https://example.org\"\ntext = \"x\"").fetchesOverHTTP)
        #expect(try parse(layout + "kind = \"calendar\"\nurl = \"https://example.org/a.ics\"").fetchesOverHTTP)
        #expect(try !parse(layout + "kind = \"calendar\"\nfile = \"/dev/null\"").fetchesOverHTTP)
        #expect(try !parse(layout + "kind = \"text\"\ntext = \"hello\"").fetchesOverHTTP)
    }

    @Test("[clock] height takes points from 40 to 110")
    func clockHeight() throws {
        let config = try RunningConfig.parse("[clock]\nheight = 60\n", file: "c.toml", registry: .standard(systemRoot: fixtureRoot))
        #expect(config.clockHeight == 60)
        #expect(throws: ConfigErrors.self) { try RunningConfig.parse("[clock]\nheight = 30\n", file: "c.toml", registry: .standard(systemRoot: fixtureRoot)) }
        let error = #expect(throws: ConfigErrors.self) {
            try RunningConfig.parse("[clock]\nheight = \"big\"\n", file: "c.toml", registry: .standard(systemRoot: fixtureRoot))
        }
        #expect(error?.description == "c.toml:2: clock.height: expected a height in points from 40 to 110, found \"big\"")
    }

    @Test("[display] off takes a span or a list of them, wake_for seconds, backlight a directory; mistakes get line and key")
    func screenSleep() throws {
        let registry = WidgetRegistry.standard(systemRoot: fixtureRoot)
        let config = try RunningConfig.parse("[display]\noff = [\"mon-fri 23:00-07:00\", \"sat,sun 01:00-09:00\"]\nwake_for = \"2m\"\n", file: "c.toml", registry: registry)
        #expect(config.output.off?.spans.count == 2 && config.output.wakeFor == 120)
        #expect(try RunningConfig.parse("[display]\noff = \"23:00-07:00\"\n", file: "c.toml", registry: registry).output.screenPower.wakeFor == 60)
        let error = #expect(throws: ConfigErrors.self) {
            try RunningConfig.parse("[display]\noff = [\"23:00-07:00\", \"someday 01:00-02:00\"]\nwake_for = 1\nbacklight = \"rpi_backlight\"\n", file: "c.toml", registry: registry)
        }
        #expect(error?.description.split(separator: "\n").map { String($0.prefix(30)) } == ["c.toml:2: display.off: expecte", "c.toml:3: display.wake_for: ex", "c.toml:4: display.backlight: e"])
    }

    @Test("an http gauge's bounds are numbers, whole or not, min below max")
    func gaugeBounds() throws {
        func parse(_ gauge: String) throws -> RunningConfig {
            try RunningConfig.parse("""
                [layout]
                row = ["w"]
                [widgets.w]
                kind = "http"
                url = "http://127.0.0.1:1/"
                gauge = { value = "$.x", \(gauge) }
                """, file: "g.toml", registry: .standard(systemRoot: fixtureRoot))
        }
        #expect(throws: Never.self) { try parse("min = -10, max = 40.5") }
        let wrong = #expect(throws: ConfigErrors.self) { try parse("max = \"lots\"") }
        #expect(wrong?.description == "g.toml:6: widgets.w.gauge.max: expected a number, found \"lots\"")
        let reversed = #expect(throws: ConfigErrors.self) { try parse("min = 5, max = 2") }
        #expect(reversed?.description == "g.toml:6: widgets.w.gauge: min (5.0) must be below max (2.0)")
    }

    @Test("a TOML syntax error is an issue with its line")
    func syntax() {
        #expect(issues("[display]\noutput = fb\n") == ["test.toml:2: column 10: 'fb' is not a TOML value (strings need quotes)"])
    }

    @Test("the display section becomes the output: device, format, rotation, e-ink")
    func display() throws {
        let config = try parse("""
            [display]
            output = "fb"
            device = "/dev/fb1"
            format = "mono1"
            rotate = 270
            [display.eink]
            kind = "kindle"
            full_after = 12
            quiet = "23:00-06:30"
            hold = 0
            """)
        guard case let .framebuffer(path, format, epdc) = config.output.target else { Issue.record("not a framebuffer"); return }
        #expect(path == "/dev/fb1")
        #expect(format == .mono1)
        #expect(epdc == .kindle)
        #expect(config.output.rotation == .clockwise270)
        #expect(config.output.eink?.partialsBeforeFull == 12)
        #expect(config.output.eink?.quietPeriod?.start == 23 * 60)
        #expect(config.output.eink?.quietPeriod?.end == 6 * 60 + 30)
        #expect(config.output.eink?.holdChanges == 0)
        #expect(try parse("[display.eink]\nkind = \"panel\"").output.eink?.holdChanges == 60)
        #expect(throws: ConfigErrors.self) { try parse("[display.eink]\nhold = 7200") }
    }

    @Test("layout: stacks of one family, families from placement, rectangular taking two units")
    func layout() throws {
        let config = try parse("""
            [layout]
            inline = "note"
            row = [["a", "b"], "agenda"]
            stack_rotation = 5
            [widgets.note]
            kind = "text"
            text = "hello"
            [widgets.a]
            kind = "system"
            metric = "cpu"
            [widgets.b]
            kind = "clock"
            zone = "Asia/Tokyo"
            [widgets.agenda]
            kind = "countdown"
            family = "rectangular"
            date = 2026-12-24T18:00:00Z
            """)
        #expect(config.content.inline?.family == .accessoryInline)
        #expect(config.content.row.map { $0.widgets.map(\.name) } == [["a", "b"], ["agenda"]])
        #expect(config.content.row[0].family == .accessoryCircular)
        #expect(config.content.row[0].rotation == 300)
        #expect(config.content.row[1].family == .accessoryRectangular)
        // Local kinds are not budgeted.
        #expect(config.content.row[0].widgets[0].budget == .unlimited)
    }

    @Test("layout mistakes", arguments: [
        ("[layout]\nrow = [\"a\", \"b\", \"c\"]\n[widgets.a]\nkind = \"countdown\"\nfamily = \"rectangular\"\ndate = 2026-12-24T18:00:00Z\n[widgets.b]\nkind = \"countdown\"\nfamily = \"rectangular\"\ndate = 2026-12-24T18:00:00Z\n[widgets.c]\nkind = \"text\"",
         "test.toml:2: layout.row: the row holds 4 units (circular 1, rectangular 2); these widgets take 5"),
        ("[layout]\nrow = [[\"a\", \"b\"]]\n[widgets.a]\nkind = \"text\"\n[widgets.b]\nkind = \"text\"\nfamily = \"rectangular\"",
         "test.toml:2: layout.row: a stack holds widgets of one family; found a (circular), b (rectangular)"),
        ("[layout]\ninline = \"a\"\n[widgets.a]\nkind = \"text\"\nfamily = \"circular\"",
         "test.toml:5: widgets.a.family: the inline slot takes family \"inline\", found \"circular\""),
        ("[layout]\nrow = [\"a\"]\n[widgets.a]\nkind = \"countdown\"\ndate = \"next tuesday\"",
         "test.toml:5: widgets.a.date: expected a date and time (ISO 8601, e.g. 2026-12-24T18:00:00Z), found \"next tuesday\""),
        ("[layout]\nrow = [\"a\"]\n[widgets.a]\nfamily = \"circular\"",
         "test.toml:3: widgets.a: no kind; expected kind = one of \"calendar\", \"clock\", \"command\", \"countdown\", \"demo.disk\", \"demo.host\", \"demo.load\", \"demo.memory\", \"homeassistant\", \"http\", \"image\", \"mqtt\", \"push\", \"recorded\", \"system\", \"text\""),
    ])
    func layoutMistakes(text: String, expected: String) {
        #expect(issues(text) == [expected])
    }

    @Test("a configured lock screen draws its widgets' real entries")
    func draws() async throws {
        let config = try parse("""
            [layout]
            inline = "tokyo"
            row = ["mem", "battery"]
            [widgets.tokyo]
            kind = "clock"
            zone = "Asia/Tokyo"
            [widgets.mem]
            kind = "system"
            metric = "memory"
            [widgets.battery]
            kind = "system"
            metric = "battery"
            """)
        var options = testOptions(width: 800, height: 480)
        options.content = config.content
        let display = MemoryDisplay(width: 800, height: 480)
        let daemon = LockScreenApplication.daemon(options, display: display, logger: quietLogger)
        try await daemon.step(now: testNow)
        for index in 0..<3 {
            let shown = await daemon.engine.shown(index, at: testNow)
            #expect(!shown.isPlaceholder, "widget \(index) still shows its placeholder")
            #expect(!shown.isStale)
        }
        #expect(display.presentations.count == 1)
    }
}
