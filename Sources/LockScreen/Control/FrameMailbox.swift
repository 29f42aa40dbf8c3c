import Canvas
import Synchronization

/// The last frame the daemon presented, readable from any thread (the control socket's
/// `snapshot`) without touching the daemon's loop.
///
/// It keeps a frame of its own, brought up to date rectangle by rectangle: sharing the
/// daemon's frame would make the daemon's next drawing copy the whole screen.
package final class FrameMailbox: Sendable {
    private let frame = Mutex<Frame?>(nil)

    package init() {}

    /// Takes the rectangles `changed` of `new` (all of it the first time).
    package func update(_ changed: [PixelRect], from new: Frame) {
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
