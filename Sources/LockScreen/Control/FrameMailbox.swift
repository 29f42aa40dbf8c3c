import Canvas
import Config
import ControlProtocol
import Synchronization

/// The last frame the daemon presented, readable from any thread (the control socket's
/// `snapshot`) without touching the daemon's loop.
///
/// It keeps a frame of its own, brought up to date rectangle by rectangle: sharing the
/// daemon's frame would make the daemon's next drawing copy the whole screen.
/// Until something will read it (a control socket is open), it keeps nothing.
package final class FrameMailbox: Sendable {
    /// Whether a reader is there, the frame kept for it, and how many updates it took.
    private let state = Mutex<(open: Bool, frame: Frame?, updates: Int)>((false, nil, 0))

    package init() {}

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
        }
    }

    package var latest: Frame? { state.withLock { $0.frame } }

    /// The latest frame and how many updates made it: a reader that saw this count
    /// already has this picture.
    package var latestWithCount: (frame: Frame?, updates: Int) { state.withLock { ($0.frame, $0.updates) } }
}
