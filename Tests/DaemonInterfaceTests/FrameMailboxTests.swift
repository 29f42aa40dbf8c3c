import Canvas
import ControlProtocol
import DaemonInterface
import Testing

/// The mailbox front ends read the presented frames from.
@Suite("Frame mailbox")
struct FrameMailboxTests {
    /// A 4×2 grey frame, every pixel `grey`.
    func frame(_ grey: UInt8) -> Frame { Frame(width: 4, height: 2, format: .gray8, fill: grey) }

    @Test("until it is opened it keeps nothing: a daemon nobody reads copies no frame")
    func closed() {
        let mailbox = FrameMailbox()
        mailbox.update([PixelRect(x: 0, y: 0, width: 4, height: 2)], from: frame(9))
        #expect(mailbox.latest == nil)
        #expect(mailbox.latestWithCount.updates == 0)
    }

    @Test("it keeps a copy of its own, brought up to date only where the daemon says it changed")
    func copiesChangedRectangles() throws {
        let mailbox = FrameMailbox()
        mailbox.open()
        mailbox.update([], from: frame(10))
        var next = frame(10)
        for i in next.pixels.indices { next.pixels[i] = 200 }
        // Only the left column is said to have changed: the rest of the copy stays.
        mailbox.update([PixelRect(x: 0, y: 0, width: 1, height: 2)], from: next)
        let kept = try #require(mailbox.latest)
        #expect(kept.gray(x: 0, y: 0) == 200 && kept.gray(x: 0, y: 1) == 200)
        #expect(kept.gray(x: 1, y: 0) == 10 && kept.gray(x: 3, y: 1) == 10)
        #expect(mailbox.latestWithCount.updates == 2)
        // The daemon's next drawing into its own frame does not reach the copy.
        next.pixels[3] = 1
        #expect(mailbox.latest?.gray(x: 3, y: 0) == 10)
    }

    @Test("watchers hear each change and the screen going dark; at most eight watch")
    func watchers() async throws {
        let mailbox = FrameMailbox()
        mailbox.open()
        let stream = try #require(mailbox.watch())
        let others = (1..<FrameMailbox.maximumWatchers).map { _ in mailbox.watch() }
        #expect(others.allSatisfy { $0 != nil })
        #expect(mailbox.watch() == nil, "a ninth watcher is refused")
        mailbox.update([PixelRect(x: 1, y: 1, width: 2, height: 1)], from: frame(5))
        mailbox.setScreen(ScreenStatus(on: false, cause: "switch", until: nil))
        mailbox.setScreen(ScreenStatus(on: false, cause: "schedule", until: nil))
        var heard: [FrameMailbox.Change] = []
        for await change in stream {
            heard.append(change)
            if heard.count == 2 { break }
        }
        #expect(heard == [
            FrameMailbox.Change(updates: 1, rects: [PixelRect(x: 1, y: 1, width: 2, height: 1)], width: 4, height: 2, on: true),
            FrameMailbox.Change(updates: 1, rects: [], width: 4, height: 2, on: false),
        ])
        #expect(mailbox.screen.cause == "schedule", "a new reason alone is kept, not told")
    }

    @Test("the picture people look at is the frame as the glass shows it")
    func glass() {
        let mailbox = FrameMailbox(glass: { $0.grayscale() })
        mailbox.open()
        mailbox.update([], from: Frame(width: 2, height: 2, fill: 255))
        #expect(mailbox.latest?.format == .xrgb8888)
        #expect(mailbox.latestShown?.format == .gray8)
    }
}
