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
        let folder = try TemporaryFolder("state")
        defer { folder.remove() }
        let dir = folder.path
        let store = StateStore(directory: dir)
        let clock = ManualClock(start: testNow)
        let (daemon, _) = memoryPanelDaemon(try MinuteNoteWidget.content(), clock: clock, store: store)
        try await daemon.step(now: testNow)
        #expect(try MinuteNoteWidget.savedNote(in: store) == "minute 0")
        // Two minutes on, asked for: saved though the last save is two minutes old.
        clock.advance(to: testNow + 150)
        await daemon.reload(kind: "minute-note")
        try await daemon.step(now: testNow + 150)
        #expect(try MinuteNoteWidget.savedNote(in: store) == "minute 2")
    }

    @Test("on exit, the timelines are written only when they changed since the last write")
    func exitWritesOnlyChanges() async throws {
        let folder = try TemporaryFolder("state")
        defer { folder.remove() }
        let store = StateStore(directory: folder.path)
        let clock = ManualClock(start: testNow)
        let (daemon, _) = memoryPanelDaemon(try MinuteNoteWidget.content(), clock: clock, store: store)
        // Each write replaces the file (a new file renamed over it): a new inode.
        func written() throws -> (inode: UInt64, note: String?) {
            let inode = try #require(try FileManager.default.attributesOfItem(atPath: folder.path + "/timelines.json")[.systemFileNumber] as? UInt64)
            return (inode, try MinuteNoteWidget.savedNote(in: store))
        }
        try await daemon.step(now: testNow)
        let first = try written()
        #expect(first.note == "minute 0")
        await daemon.state.saveIfChanged(daemon.engine)
        #expect(try written().inode == first.inode)
        // A minute on the note changes; the last write is a minute old, so it waits.
        clock.advance(to: testNow + 60)
        try await daemon.step(now: testNow + 60)
        #expect(try written().inode == first.inode)
        await daemon.state.saveIfChanged(daemon.engine)
        let last = try written()
        #expect(last.inode != first.inode)
        #expect(last.note == "minute 1")
    }

    @Test("one state directory, one daemon")
    func lock() throws {
        let folder = try TemporaryFolder("state")
        defer { folder.remove() }
        let dir = folder.path
        // flock belongs to an open file: a second open in this process conflicts as a
        // second daemon's would.
        try StateStore(directory: dir).lock()
        #expect(throws: StateStore.Failure.locked(directory: dir)) { try StateStore(directory: dir).lock() }
    }
}
