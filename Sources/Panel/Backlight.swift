import Glibc

/// A screen's backlight as the kernel's backlight class offers it
/// (`/sys/class/backlight/NAME`): its `bl_power` is written 4 (powered down) when the
/// screen sleeps and 0 when it wakes, the values of `FB_BLANK_POWERDOWN` and
/// `FB_BLANK_UNBLANK`. The brightness is left as the user set it. Written only where
/// `[display] backlight` names.
package struct Backlight: Sendable, Equatable {
    /// The device's directory, "/sys/class/backlight/rpi_backlight".
    package let directory: String

    /// The backlight at `directory`, checked now: its `bl_power` must exist and be
    /// writable by this user, so a wrong path or group ends the start, not a night later.
    package init(directory: String) throws(DisplayError) {
        let trimmed = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let file = trimmed + "/bl_power"
        guard access(file, F_OK) == 0 else { throw .noSuchDevice(path: file) }
        guard access(file, W_OK) == 0 else { throw .permissionDenied(path: file) }
        self.directory = trimmed
    }

    /// Powers the backlight down, or up.
    package func setPower(_ on: Bool) throws(DisplayError) {
        let path = directory + "/bl_power"
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .deviceFailed(path: path, call: "open", reason: DeviceFile.reason()) }
        defer { close(fd) }
        let text = on ? "0\n" : "4\n"
        let written = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, text.utf8.count) }
        guard written == text.utf8.count else { throw .deviceFailed(path: path, call: "write", reason: DeviceFile.reason()) }
    }
}
