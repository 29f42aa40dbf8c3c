import Canvas
import ControlProtocol
import Synchronization

/// The last frame the daemon presented, readable from any thread (the control socket's
/// `snapshot`) without touching the daemon's loop.
///
/// It keeps a frame of its own, brought up to date rectangle by rectangle: sharing the
/// daemon's frame would make the daemon's next drawing copy the whole screen.
/// Until something will read it (a control socket is open), it keeps nothing.
package final class FrameMailbox: Sendable {
    /// One presentation as a watcher hears of it: the update's number and the
    /// rectangles that changed, in the frame's pixels.
    package struct Change: Sendable, Equatable {
        package var updates: Int
        package var rects: [PixelRect]
        package var width: Int
        package var height: Int
        /// Whether the screen is lit: a change of that alone comes with no rectangles.
        package var on = true

        package init(updates: Int, rects: [PixelRect], width: Int, height: Int, on: Bool = true) {
            self.updates = updates
            self.rects = rects
            self.width = width
            self.height = height
            self.on = on
        }
    }

    private struct State {
        var open = false
        var frame: Frame?
        var updates = 0
        var screen = ScreenStatus.lit
        var watchers: [Int: AsyncStream<Change>.Continuation] = [:]
        var nextWatcher = 0
    }

    /// Whether a reader is there, the frame kept for it, how many updates it took, and
    /// who watches for the next.
    private let state = Mutex(State())

    /// At most this many watchers at once (the live pages open).
    package static let maximumWatchers = 8

    /// What the panel's glass shows of a frame (an e-paper panel's inks as they look),
    /// for pictures of the screen people look at; nil where the frame is what it shows.
    package let glass: (@Sendable (Frame) -> Frame)?

    package init(glass: (@Sendable (Frame) -> Frame)? = nil) {
        self.glass = glass
    }

    /// Starts keeping frames, from the next presentation on.
    package func open() { state.withLock { $0.open = true } }

    /// Takes the rectangles `changed` of `new` (all of it the first time).
    package func update(_ changed: [PixelRect], from new: Frame) {
        state.withLock { state in
            guard state.open else { return }
            state.updates += 1
            // Compared in place: a bound copy would share the buffer and make the copy
            // below duplicate it whole.
            if state.frame?.width == new.width, state.frame?.height == new.height, state.frame?.format == new.format {
                state.frame!.copy(changed, from: new)
            } else {
                state.frame = new.separateCopy()
            }
            let change = Change(updates: state.updates, rects: changed, width: new.width, height: new.height, on: state.screen.on)
            for watcher in state.watchers.values { watcher.yield(change) }
        }
    }

    /// Whether the screen is lit and why (`[display] off`), kept whether or not a reader
    /// is there: the keys ask it before waking a dark screen.
    package var screen: ScreenStatus { state.withLock { $0.screen } }

    /// Records that the screen went dark or lit, or why it stays so, and tells the
    /// watchers (a change without rectangles) when it went dark or lit.
    package func setScreen(_ screen: ScreenStatus) {
        state.withLock { state in
            let switched = state.screen.on != screen.on
            state.screen = screen
            guard switched else { return }
            let change = Change(updates: state.updates, rects: [], width: state.frame?.width ?? 0, height: state.frame?.height ?? 0, on: screen.on)
            for watcher in state.watchers.values { watcher.yield(change) }
        }
    }

    /// The changes from now on, for as long as the stream is read; nil when
    /// `maximumWatchers` already watch. A slow reader gets the latest few, not a backlog.
    package func watch() -> AsyncStream<Change>? {
        let (stream, continuation) = AsyncStream.makeStream(of: Change.self, bufferingPolicy: .bufferingNewest(4))
        let id: Int? = state.withLock { state in
            guard state.watchers.count < Self.maximumWatchers else { return nil }
            state.nextWatcher += 1
            state.watchers[state.nextWatcher] = continuation
            return state.nextWatcher
        }
        guard let id else { return nil }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.watchers.removeValue(forKey: id) }
        }
        return stream
    }

    /// How many watch now.
    package var watchers: Int { state.withLock { $0.watchers.count } }

    package var latest: Frame? { state.withLock { $0.frame } }

    /// `frame` as the panel shows it (`glass`): the web page's and Home Assistant's
    /// picture of the screen.
    package func shown(_ frame: Frame) -> Frame { glass?(frame) ?? frame }

    /// The latest frame as the panel shows it.
    package var latestShown: Frame? { latest.map(shown) }

    /// The latest frame and how many updates made it: a reader that saw this count
    /// already has this picture.
    package var latestWithCount: (frame: Frame?, updates: Int) { state.withLock { ($0.frame, $0.updates) } }
}
