import Accessory
import Foundation
import Panel
import Testing
@testable import Config
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine
import TestSupport
import DaemonTestSupport

/// Saved state that survives the unlucky: a push is on disk at once, and one state
/// directory serves one daemon.
@Suite("State safety")
struct StateSafetyTests {
    @Test("a requested reload's answer (a push) is written at once, not at the next five-minute save")
    func requestedSavedAtOnce() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = StateStore(directory: dir)
        let instance = try MinuteNoteWidget().descriptors[0].instantiate([:])
        let content = LockScreenContent(inline: nil, row: [TimelineEngine.Widget(name: "n", kind: "minute-note", family: .accessoryRectangular, instance: instance, budget: .unlimited)])
        let clock = ManualClock(start: testNow)
        var options = testOptions(width: 250, height: 122)
        options.start = testNow
        let daemon = LockScreenDaemon(content: content, renderer: LockScreenApplication.renderer(options), display: MemoryDisplay(width: 250, height: 122, keepsHistory: false), clock: clock, stateStore: store, logger: quietLogger)
        func savedNote() throws -> String? {
            let data = try #require(try store.load()?.widgets["n"]?.entries.last?.data)
            return RenderableEntry.decode(NoteEntry.self, from: data)?.note
        }
        try await daemon.step(now: testNow)
        #expect(try savedNote() == "minute 0")
        // Two minutes on, asked for: saved though the last save is two minutes old.
        clock.advance(to: testNow + 150)
        await daemon.reload(kind: "minute-note")
        try await daemon.step(now: testNow + 150)
        #expect(try savedNote() == "minute 2")
    }

    @Test("one state directory, one daemon")
    func lock() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // flock belongs to an open file: a second open in this process conflicts as a
        // second daemon's would.
        try StateStore(directory: dir).lock()
        #expect(throws: StateStore.Failure.locked(directory: dir)) { try StateStore(directory: dir).lock() }
    }
}
