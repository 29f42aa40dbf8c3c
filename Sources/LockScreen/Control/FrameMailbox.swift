import Canvas
import Synchronization

/// The last frame the daemon presented, readable from any thread (the control socket's
/// `snapshot`) without touching the daemon's loop.
package final class FrameMailbox: Sendable {
    private let frame = Mutex<Frame?>(nil)

    package init() {}

    package func put(_ new: Frame) { frame.withLock { $0 = new } }
    package var latest: Frame? { frame.withLock { $0 } }
}
