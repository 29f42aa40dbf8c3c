import CFramebuffer
import Glibc

/// Keeps the kernel's text console (fbcon) from drawing its cursor and messages over the
/// widgets: switches the active virtual terminal to graphics mode (`KDSETMODE
/// KD_GRAPHICS`) and puts back the mode it found on `restore()`.
package final class ConsoleMode {
    private let tty: Int32
    private let previous: Int32
    private var restored = false

    /// Switches `path` (the active VT through /dev/tty0) to graphics mode. Throws a
    /// message naming the tty when it cannot.
    package init(path: String = "/dev/tty0") throws(DisplayError) {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw errno == EACCES || errno == EPERM ? .permissionDenied(path: path) : .deviceFailed(path: path, call: "open", reason: DeviceFile.reason())
        }
        var mode: Int32 = 0
        guard ioctl(fd, CFramebuffer_KDGETMODE, &mode) == 0 else {
            let reason = DeviceFile.reason()
            Glibc.close(fd)
            throw .deviceFailed(path: path, call: "KDGETMODE", reason: reason)
        }
        guard ioctl(fd, CFramebuffer_KDSETMODE, CFramebuffer_KD_GRAPHICS) == 0 else {
            let reason = DeviceFile.reason()
            Glibc.close(fd)
            throw .deviceFailed(path: path, call: "KDSETMODE KD_GRAPHICS", reason: reason)
        }
        tty = fd
        previous = mode
    }

    /// Puts the console back in the mode it was in (text, normally). Idempotent.
    package func restore() {
        guard !restored else { return }
        restored = true
        _ = ioctl(tty, CFramebuffer_KDSETMODE, previous)
        Glibc.close(tty)
    }

    deinit { restore() }
}
