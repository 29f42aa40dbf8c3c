import FoundationEssentials
import Glibc

/// Reads a whole stream — a file, standard input, a socket — but never more than a limit:
/// `lockscreenctl push x - < /dev/zero` stops after the limit instead of reading forever.
package enum BoundedInput {
    /// Why the input could not be had.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case cannotRead(path: String, reason: String)
        case tooLarge(path: String, limit: Int)

        package var description: String {
            switch self {
            case let .cannotRead(path, reason): "cannot read '\(path)': \(reason)"
            case let .tooLarge(path, limit): "'\(path)' is larger than \(limit) bytes"
            }
        }
    }

    /// Reads `fd` to its end; fails as soon as more than `limit` bytes arrived. `path`
    /// names the input in errors.
    package static func read(_ fd: Int32, path: String, limit: Int) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
            if data.count > limit { throw .tooLarge(path: path, limit: limit) }
        }
    }

    /// Reads the file at `path`; "-" is standard input.
    package static func read(path: String, limit: Int) throws(Failure) -> Data {
        if path == "-" { return try read(0, path: "standard input", limit: limit) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        return try read(fd, path: path, limit: limit)
    }
}
