import Canvas
import Synchronization

/// The last frame the daemon presented, readable from any thread (the control socket's
/// `snapshot`) without touching the daemon's loop.
///
/// It keeps a frame of its own, brought up to date rectangle by rectangle: sharing the
/// daemon's frame would make the daemon's next drawing copy the whole screen.
/// Until something will read it (a control socket is open), it keeps nothing.
package final class FrameMailbox: Sendable {
    private let frame = Mutex<Frame?>(nil)
    private let wanted = Mutex(false)

    package init() {}

    /// Starts keeping frames, from the next presentation on.
    package func open() { wanted.withLock { $0 = true } }

    /// Takes the rectangles `changed` of `new` (all of it the first time).
    package func update(_ changed: [PixelRect], from new: Frame) {
        guard wanted.withLock({ $0 }) else { return }
        frame.withLock { kept in
            if kept == nil || kept?.width != new.width || kept?.height != new.height || kept?.format != new.format {
                kept = new.separateCopy()
            } else {
                kept!.copy(changed, from: new)
            }
        }
    }

    package var latest: Frame? { frame.withLock { $0 } }
}
