import ControlProtocol
import FoundationEssentials
import Glibc

/// Speaks systemd's notify protocol (`Type=notify`): datagrams of `KEY=value` lines to
/// the socket in `$NOTIFY_SOCKET` (a path, or an abstract name after "@"). Without that
/// variable (not started by systemd) every call does nothing.
package struct SystemdNotifier: Sendable {
    package let socketPath: String?
    /// Half of `$WATCHDOG_USEC`: how often to say the daemon is alive; nil without a watchdog.
    package let watchdogInterval: TimeInterval?

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let pidMatches = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
        watchdogInterval = environment["WATCHDOG_USEC"].flatMap(Double.init).flatMap { pidMatches && $0 > 0 ? $0 / 2e6 : nil }
    }

    /// Sends `state` ("READY=1", "STATUS=…", "WATCHDOG=1", "STOPPING=1"); false when there is
    /// no socket or the send failed.
    @discardableResult
    package func notify(_ state: String) -> Bool {
        guard let path = socketPath else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let sent = state.utf8CString.withUnsafeBufferPointer { text in
            UnixSocket.withAddress(path) { sendto(fd, text.baseAddress, text.count - 1, Int32(MSG_NOSIGNAL), $0, $1) }
        }
        return sent >= 0
    }
}
