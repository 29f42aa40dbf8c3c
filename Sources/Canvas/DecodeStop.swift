import CJPEGLoader

/// Stops a picture's decode from another thread: a fetch that timed out, a widget
/// reloaded or removed. The decoder looks at it at every row of blocks and every scan,
/// so a decode stops soon after `cancel()`, its memory freed, with an error.
package final class DecodeStop: @unchecked Sendable {
    // Written once by `cancel` and read by the decoder with C atomics (`CJPEGLoader_cancel`).
    let flag: UnsafeMutablePointer<CJPEGLoader_stop>

    package init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: CJPEGLoader_stop(cancelled: 0))
    }

    deinit { flag.deallocate() }

    package func cancel() { CJPEGLoader_cancel(flag) }
}
