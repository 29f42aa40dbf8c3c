import CEPaperBus
import Glibc

/// Waits for a device node to appear under /dev/input (inotify), so a touch screen
/// plugged in later is found without polling: no wake-ups while none is there.
package final class InputHotplug: @unchecked Sendable {
    private let fd: Int32
    private let stopper: Int32

    package init?(directory: String = "/dev/input") {
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        guard inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_ATTRIB)) >= 0 else {
            Glibc.close(fd)
            return nil
        }
        var stopper: Int32 = -1
        var message = [CChar](repeating: 0, count: 128)
        guard CEPaperBus_stopper_open(&stopper, &message, message.count) == 0 else {
            Glibc.close(fd)
            return nil
        }
        self.fd = fd
        self.stopper = stopper
    }

    /// Sleeps until something under the directory changes; false once stopped.
    package func wait() -> Bool {
        guard CEPaperBus_wait_readable(fd, stopper) == 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(fd, &buffer, buffer.count) > 0 {}
        return true
    }

    package func stop() { CEPaperBus_stopper_signal(stopper) }

    package func close() {
        Glibc.close(fd)
        Glibc.close(stopper)
    }
}
