import FoundationEssentials
import Glibc

/// Sends one request to a daemon's control socket and reads its reply.
package struct ControlClient: Sendable {
    package let path: String

    package init(path: String) {
        self.path = path
    }

    package enum Failure: Error, CustomStringConvertible {
        case unreachable(path: String, reason: String)
        case badReply(path: String)

        package var description: String {
            switch self {
            case let .unreachable(path, reason): "cannot reach lockscreend at '\(path)' (\(reason)): is it running, and may this user use its socket?"
            case let .badReply(path): "'\(path)' answered with something that is not a lockscreend reply"
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
        guard UnixSocket.connect(fd, to: path) == 0 else { throw .unreachable(path: path, reason: String(cString: strerror(errno))) }
        UnixSocket.sendAll(bytes, to: fd)
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !reply.contains(0x0A) {
            let n = read(fd, &buffer, buffer.count)
            // A signal arriving mid-read is not the end of the reply.
            if n < 0, errno == EINTR { continue }
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
