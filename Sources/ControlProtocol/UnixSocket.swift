import FoundationEssentials
import Glibc

/// The few stream-socket calls the control server and client share.
package enum UnixSocket {
    /// The longest path a socket address holds: `sun_path`'s 108 bytes with the
    /// terminating zero. A longer path would be cut short, silently, by the kernel.
    package static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Why `path` cannot name a socket (too long, empty), or nil when it can.
    package static func problem(with path: String) -> String? {
        if path.isEmpty { return "the socket path is empty" }
        let length = path.utf8.count
        return length > maximumPathLength ? "the socket path is \(length) bytes long; a socket's path holds at most \(maximumPathLength)" : nil
    }

    /// A new stream socket, closed on exec; -1 on failure (errno says why).
    package static func open() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    /// The address of `path`, and its length: a file path, or an abstract name written
    /// "@name" (as systemd's `$NOTIFY_SOCKET` may be), which has no terminator.
    package static func address(_ path: String) -> (address: sockaddr_un, length: socklen_t) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let abstract = path.hasPrefix("@")
        let count = withUnsafeMutableBytes(of: &address.sun_path) { raw -> Int in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            if abstract { raw[0] = 0 } else { raw[bytes.count] = 0 }
            return bytes.count
        }
        return (address, socklen_t(MemoryLayout<sa_family_t>.size + count + (abstract ? 0 : 1)))
    }

    /// Calls `body` with `path`'s address as a `sockaddr` and its length.
    package static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var (address, length) = address(path)
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) } }
    }

    /// Connects `fd` to `path`; 0 on success, as connect(2).
    package static func connect(_ fd: Int32, to path: String) -> Int32 {
        withAddress(path) { Glibc.connect(fd, $0, $1) }
    }

    /// Writes all of `data`, retrying on EINTR; a peer that hung up ends it quietly (no
    /// SIGPIPE: `MSG_NOSIGNAL`).
    package static func sendAll(_ data: Data, to fd: Int32) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { if errno == EINTR { continue } else { return } }
                offset += n
            }
        }
    }
}
