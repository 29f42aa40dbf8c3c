@testable import ArgumentParser
@testable import Config
@testable import ControlProtocol
import Foundation
@testable import JSON
@testable import LockScreen
@testable import LockscreendCommand
import Panel
import PanelOptions
import TestSupport
import Testing
import DaemonTestSupport
import Providers

@Suite("The composition root")
struct DaemonAssemblyTests {
    @Test("the fonts' early start guesses the daemon exactly where the parser runs it")
    func earlyFontsGuess() {
        let lines: [[String]] = [
            [], ["--once"], ["--headless", "f", "--once"], ["run"], ["run", "--fb", "/dev/fb0"], ["check", "a.toml"], ["snapshot", "--out", "a.png"],
            ["preview", "--all"], ["bench"], ["--help"], ["-h"], ["run", "--help"], ["help"], ["help", "run"],
        ]
        for line in lines {
            let parsed = (try? Lockscreend.parseAsRoot(line)).map { $0 is Lockscreend.Run } ?? false
            #expect(Lockscreend.startsTheDaemon(line[...]) == parsed, "\(line)")
        }
    }

    @Test("the daemon's line parsed by its own command reads as from the root, errors too")
    func daemonLineParsedAlone() {
        let lines: [[String]] = [
            [], ["--once"], ["--headless", "f", "--once", "--no-socket", "--state-dir", "s"], ["run", "--fb", "/dev/fb0", "--eink", "kobo"],
            ["--size", "400x300", "--theme", "light", "--eink-full-every", "5"], ["--vcom=-1.48", "--epd", "waveshare-it8951"],
            ["run", "run"], ["--fb"], ["--size", "huge"], ["--no-such-option"], ["--once", "extra"], ["check", "a.toml"],
            ["--generate-completion-script", "bash"], ["--generate-completion-script"], ["--experimental-dump-help"],
            ["--fb", "/dev/fb0", "--drm", "/dev/dri/card0"], ["--spi", "/dev/spidev0.1"], ["run", "--epd", "waveshare-2in9"],
            ["--once", "--once"], ["--headless"], ["--headless", "--once"], ["--once=yes"], ["--rotate", "45"], ["-h"],
            ["--eink-quiet", "22:00"], ["--at", "yesterday"], ["--log-level", "loud"], ["--", "--once"], ["--state-dir", "-s"],
            ["--config", ""], ["--config="], ["--png="], ["--headless=f", "--once"], ["--vcom", "-1.48", "--epd", "waveshare-it8951"],
        ] + Self.daemonLines
        for line in lines {
            let fast = Result { try Lockscreend.parse(line) }
            let root = Result { try Lockscreend.parseAsRoot(line) }
            switch (fast, root) {
            case (.success(let a), .success(let b)):
                #expect(type(of: a) == type(of: b), "\(line)")
                #expect(String(reflecting: a) == String(reflecting: b), "\(line)")
            case (.failure(let a), .failure(let b)):
                #expect(Lockscreend.fullMessage(for: a) == Lockscreend.fullMessage(for: b), "\(line)")
                #expect(Lockscreend.exitCode(for: a) == Lockscreend.exitCode(for: b), "\(line)")
            default:
                Issue.record("\(line): \(fast) against \(root)")
            }
        }
    }

    /// Daemon lines that between them give every option of `run` a good value.
    static let daemonLines: [[String]] = [
        ["--size", "400x300", "--at", "2026-11-22T14:04:57Z", "--appearance", "light", "--twelve-hour", "--log-level", "debug"],
        ["--system-root", "/tmp/root", "--config=a.toml", "--headless", "f", "--format", "rgb565", "--png", "--once"],
        ["run", "--fb", "/dev/fb0", "--format", "rgb565", "--rotate", "90", "--keep-console", "--eink", "kobo", "--eink-full-after", "5"],
        ["--drm", "/dev/dri/card0", "--connector", "HDMI-A-1", "--mode", "1024x600", "--stale-mark", "dim", "--coarse-seconds"],
        ["--epd", "waveshare-it8951", "--spi", "/dev/spidev0.1", "--gpiochip", "/dev/gpiochip4", "--vcom=-1.48", "--refresh-every", "5"],
        ["--eink", "panel", "--eink-full-every", "10", "--eink-quiet", "22:00-07:00", "--eink-hold", "30", "--state-dir", "s"],
        ["--socket", "/tmp/l.sock", "--socket-group", "video", "--http", "127.0.0.1:8080", "--offline-mark"],
        ["--no-socket", "--once"], ["run"], [],
    ]

    @Test("the daemon's own reader takes every line of good options, each option of run among them")
    func daemonReaderTakesEveryOption() throws {
        for line in Self.daemonLines {
            #expect(DaemonLine.parse(line.first == "run" ? line.dropFirst() : line[...]) != nil, "\(line)")
        }
        let given = Set(Self.daemonLines.joined().filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2).prefix { $0 != "=" }) })
        #expect(given == DaemonLine.names)
        // The options as the parser names them: each property of `Run` and its groups.
        func names(_ value: Any) -> [String] {
            Mirror(reflecting: value).children.flatMap { child -> [String] in
                let label = String(child.label!.dropFirst())  // "_stateDir"
                if String(describing: type(of: child.value)).hasPrefix("OptionGroup<") {
                    return names(child.value is OptionGroup<CommonOptions> ? CommonOptions() : EinkOptions())
                }
                return [label.reduce(into: "") { name, c in name += c.isUppercase ? "-" + c.lowercased() : String(c) }]
            }
        }
        #expect(Set(names(Lockscreend.Run())) == DaemonLine.names)
    }

    @Test("a push after a SIGHUP reload that adds the configuration reaches its widget")
    func pushAfterReload() async throws {
        let folder = try TemporaryFolder("assembly")
        defer { folder.remove() }
        let dir = folder.path
        let file = dir + "/config.toml"
        let run = try Lockscreend.Run.parse([
            "--headless", dir + "/frames", "--once", "--state-dir", dir + "/state", "--system-root", fixtureRoot, "--at", "2026-11-22T14:04:57Z",
        ])
        // No file yet: the built-in demo.
        let assembly = try DaemonAssembly(run, logger: quietLogger, defaultConfig: file)
        #expect(assembly.config == nil)

        try """
            [layout]
            inline = "note"
            [widgets.note]
            kind = "push"
            """.write(toFile: file, atomically: true, encoding: .utf8)
        assembly.reload.run()
        let timeline = try #require(JSONValue.parse(Data(#"{"entries": [{"text": "from the socket"}]}"#.utf8)))
        let reply = await assembly.handler.handle(ControlRequest.push(widget: "note", timeline: timeline))
        #expect(reply.ok, "\(reply.error ?? "")")

        // The daemon applies the reload before its one step, and draws what was pushed.
        try await assembly.daemon.run()
        let report = await assembly.daemon.engine.report(at: Date())
        #expect(report.map(\.name) == ["note"])
        #expect(report.first?.text == "from the socket")
    }

    @Test("a device named on the command line still sleeps as the file's [display] off says")
    func screenScheduleWithDeviceOnCommandLine() throws {
        let config = try LockScreenConfig.parse("[display]\noutput = \"drm\"\noff = \"23:00-07:00\"\nwake_for = 30\n", file: "c.toml", kinds: WidgetRegistry.standard(systemRoot: fixtureRoot).kinds, files: SystemFiles())
        let run = try Lockscreend.Run.parse(["--headless", "frames"])
        let output = run.output(config)
        guard case .headless = output.target else { Issue.record("\(output.target)"); return }
        #expect(output.off == config.output.off && output.off != nil && output.wakeFor == 30)
    }
}
