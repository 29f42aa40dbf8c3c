import Accessory
import Foundation
import LockScreenModel  // for .row
import Testing
@testable import JSON
@testable import Providers
@testable import DaemonRuntime
import ZoneInfo
import TestSupport
import Panel
@testable import Config
@testable import ControlProtocol
@testable import LockScreen
@testable import TimelineEngine
import ProviderOptions
import DaemonTestSupport

@Suite("Command provider")
struct CommandProviderTests {
    @Test("a command's standard output, with its environment and directory")
    func output() async throws {
        var runner = CommandRunner(arguments: ["sh", "-c", "printf '%s %s' \"$GREETING\" \"$(pwd)\""])
        runner.environment["GREETING"] = "hello"
        runner.directory = "/tmp"
        let data = try await runner.run()
        #expect(String(decoding: data, as: UTF8.self) == "hello /tmp")
    }

    /// Starts `script` (which writes a process ID to `$PIDFILE`) on a manual clock with
    /// `timeout`; returns the run, the clock and the process ID once written.
    func started(_ script: String, timeout: TimeInterval = 10) async throws -> (run: Task<Data, any Error>, clock: ManualClock, pid: pid_t) {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        var runner = CommandRunner(arguments: ["sh", "-c", script])
        runner.environment["PIDFILE"] = pidFile
        runner.timeout = timeout
        let clock = ManualClock(start: testNow)
        // Its own registry: a daemon another test stops ends every child of the shared one.
        let run = Task { try await ProviderClock.$current.withValue(clock) { try await runner.run(registry: ChildRegistry()) } }
        return (run, clock, try await waitForPID(in: pidFile))
    }

    @Test("a command that hangs is killed with its whole process group when the engine's clock reaches its time-out")
    func hangs() async throws {
        let (run, clock, background) = try await started(#"tail -f /dev/null & echo $! > "$PIDFILE"; exec tail -f /dev/null"#, timeout: 30)
        await clock.sleeping()
        #expect(!isDying(background))
        clock.advance(by: 30)
        await #expect(throws: CommandRunner.Failure.timedOut(seconds: 30)) { try await run.value }
        // The background child went with the group.
        #expect(isDying(background))
    }

    @Test("a command that closes its output and runs on is still killed at its time-out")
    func closesOutput() async throws {
        let (run, clock, child) = try await started(#"echo $$ > "$PIDFILE"; exec tail -f /dev/null >/dev/null 2>&1"#, timeout: 5)
        await clock.sleeping()
        clock.advance(by: 5)
        await #expect(throws: CommandRunner.Failure.timedOut(seconds: 5)) { try await run.value }
        #expect(isDying(child))
    }

    @Test("a cancelled fetch kills its command's process group")
    func cancelled() async throws {
        let (run, _, child) = try await started(#"echo $$ > "$PIDFILE"; exec tail -f /dev/null"#)
        run.cancel()
        _ = try? await run.value
        #expect(isDying(child))
    }

    @Test("a command that floods its output is stopped at the limit")
    func floods() async throws {
        var runner = CommandRunner(arguments: ["sh", "-c", "yes flood"])
        runner.outputLimit = 64 * 1024
        await #expect(throws: CommandRunner.Failure.outputTooLarge(limit: 64 * 1024)) { try await runner.run(registry: ChildRegistry()) }
    }

    @Test("a non-zero exit is a failure carrying the last line of its errors")
    func exits() async throws {
        let runner = CommandRunner(arguments: ["sh", "-c", "echo first >&2; echo 'API key missing' >&2; exit 3"])
        await #expect(throws: CommandRunner.Failure.exited(status: 3, stderr: "API key missing")) { try await runner.run(registry: ChildRegistry()) }
    }

    @Test("a program that does not exist cannot start")
    func missing() async throws {
        let runner = CommandRunner(arguments: ["/nonexistent/widget"])
        await #expect(throws: CommandRunner.Failure.cannotStart(program: "/nonexistent/widget", reason: "No such file or directory")) { try await runner.run(registry: ChildRegistry()) }
    }

    @Test("a widget whose command prints invalid JSON goes stale, keeps its entry and says why")
    func invalidJSON() async throws {
        let folder = try TemporaryFolder("cmd")
        defer { folder.remove() }
        let dir = folder.path
        // First a good timeline, then garbage.
        let script = "if [ -e \(dir)/ran ]; then echo 'not json'; else touch \(dir)/ran; echo '{\"entries\": [{\"text\": \"ok\"}], \"policy\": \"atEnd\"}'; fi"
        let config = try RunningConfig.parse("""
            [layout]
            row = ["w"]
            [widgets.w]
            kind = "command"
            command = ["sh", "-c", "\(script.replacingOccurrences(of: "\"", with: "\\\""))"]
            budget = 0
            min_interval = 0
            """, file: "t.toml", registry: .standard(systemRoot: fixtureRoot))
        let engine = TimelineEngine(widgets: config.content.row[0].widgets, now: testNow, clock: ManualClock(start: testNow), logger: quietLogger)
        await engine.reloadDue(now: testNow)
        #expect(await engine.shown(0, at: testNow).isStale == false)
        await engine.reloadDue(now: testNow + 1)
        let status = await engine.status(0, at: testNow + 1)
        #expect(status.failures == 1)
        #expect(status.lastError == "printed an invalid timeline: $: not valid JSON")
        let shown = await engine.shown(0, at: testNow + 1)
        #expect(shown.isStale && !shown.isPlaceholder)
    }
}

@Suite("TimelineJSON")
struct TimelineJSONTests {
    func decode(_ text: String) throws(TimelineJSON.Failure) -> TimelineJSON {
        try TimelineJSON.decode(Data(text.utf8), now: testNow)
    }

    @Test("entries, relevance and every policy")
    func good() throws {
        let t = try decode("""
            {"entries": [
              {"date": "2026-11-22T15:00:00Z", "text": "later", "relevance": {"score": 2, "duration": 600}},
              {"text": "now", "gauge": {"value": 3, "min": 0, "max": 4, "style": "capacity"}}
            ], "policy": {"after": 1795400000}}
            """)
        #expect(t.entries.count == 2)
        #expect(t.entries[0].date == ISO8601.parse("2026-11-22T15:00:00Z"))
        #expect(t.entries[0].relevance == TimelineEntryRelevance(score: 2, duration: 600))
        #expect(t.entries[1].date == testNow)
        #expect(t.policy == .after(Date(timeIntervalSince1970: 1_795_400_000)))
        #expect(try decode(#"{"entries": [], "policy": "never"}"#).policy == .never)
        #expect(try decode(#"{"entries": []}"#).policy == .atEnd)
    }

    @Test("every mistake is named by its JSON path")
    func mistakes() {
        #expect(throws: TimelineJSON.Failure(issues: [
            "$.entries[0].gauge.value: expected a number, found a string",
            "$.entries[1].colour: unknown key",
            "$.entries[1]: nothing to draw: give \"text\", \"symbol\", \"emoji\", \"lines\", \"gauge\" or a \"view\"",
            "$.entries[2].view.vstack[1].weight: expected one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, found a string",
        ])) {
            try decode("""
                {"entries": [
                  {"gauge": {"value": "high"}},
                  {"colour": "red"},
                  {"view": {"vstack": [{"text": "a"}, {"text": "b", "weight": "heavy-ish"}]}}
                ]}
                """)
        }
        #expect(throws: TimelineJSON.Failure(issues: ["$: no \"entries\" array"])) { try decode("{}") }
        #expect(throws: TimelineJSON.Failure(issues: ["$: not valid JSON"])) { try decode("{\"entries\": [") }
        #expect(throws: TimelineJSON.Failure(issues: ["$.policy: expected \"atEnd\", \"never\" or {\"after\": DATE}, found true or false"])) {
            try decode(#"{"entries": [], "policy": true}"#)
        }
    }
}

/// The process ID a test command wrote to `path`, once it has: a bounded wait on a real
/// process starting, yielding between looks.
func waitForPID(in path: String) async throws -> pid_t {
    let start = ContinuousClock.now
    // A real process starting: on a loaded machine (the suite runs in parallel on two
    // cores) it may take seconds, and a busy loop here would only slow it down.
    while ContinuousClock.now - start < .seconds(120) {
        if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n"), let pid = pid_t(text.dropLast()) { return pid }
        try await Task.sleep(for: .milliseconds(5))
    }
    throw CancellationError()
}

/// Whether process `pid` is gone, a zombie, or has SIGTERM or SIGKILL pending (the test
/// programs do not catch SIGTERM): ended, with nothing left to wait for.
func isDying(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let state = stat.split(separator: ")").last?.split(separator: " ").first else { return true }
    if state == "Z" || state == "X" { return true }
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").contains { line in
        (line.hasPrefix("SigPnd:") || line.hasPrefix("ShdPnd:")) && (UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? 0) & (1 << (SIGKILL - 1) | 1 << (SIGTERM - 1)) != 0
    }
}
