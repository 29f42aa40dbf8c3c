import FoundationEssentials
import Glibc

/// Sends one request to a daemon's control socket and reads its reply.
package struct ControlClient: Sendable {
    package let path: String
    /// Seconds to wait for the request to go and for the reply to come.
    package var timeout: Int

    package init(path: String, timeout: Int = 10) {
        self.path = path
        self.timeout = timeout
    }

    package enum Failure: Error, CustomStringConvertible {
        case unreachable(path: String, reason: String)
        case badReply(path: String)
        case noReply(path: String, seconds: Int)

        package var description: String {
            switch self {
            case let .unreachable(path, reason): "cannot reach lockscreend at '\(path)' (\(reason)): is it running, and may this user use its socket?"
            case let .badReply(path): "'\(path)' answered with something that is not a lockscreend reply"
            case let .noReply(path, seconds): "no reply from '\(path)' within \(seconds) s"
            }
        }
    }

    /// The longest reply line read: 64 MiB.
    static let maximumReply = 64 << 20

    package func send(_ request: ControlRequest) throws(Failure) -> ControlReply {
        try exchange(request.encoded())
    }

    /// Sends `bytes` as they are (tests send malformed ones) and reads one reply line.
    package func exchange(_ bytes: Data) throws(Failure) -> ControlReply {
        let fd = UnixSocket.open()
        if let problem = UnixSocket.problem(with: path) { throw .unreachable(path: path, reason: problem) }
        guard fd >= 0 else { throw .unreachable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard UnixSocket.connect(fd, to: path) == 0 else { throw .unreachable(path: path, reason: String(cString: strerror(errno))) }
        UnixSocket.sendAll(bytes, to: fd)
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !reply.contains(0x0A) {
            let n = read(fd, &buffer, buffer.count)
            // A signal arriving mid-read is not the end of the reply.
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw .noReply(path: path, seconds: timeout) }
            if n <= 0 { break }
            reply.append(contentsOf: buffer[0..<n])
            // A snapshot of the largest panel is a few MB; nothing a daemon sends is more.
            if reply.count > Self.maximumReply { throw .badReply(path: path) }
        }
        guard let line = reply.split(separator: 0x0A).first, let decoded = try? JSONDecoder().decode(ControlReply.self, from: line) else {
            throw .badReply(path: path)
        }
        return decoded
    }
}
