import Glibc

/// Reads a whole regular file with a cap, for files that are input: a picture, a
/// stylesheet. A device, a FIFO or a file over the cap is refused before it is read.
package enum RegularFile {
    /// A regular file's bytes, nil when it is missing, not regular or over `limit`.
    package static func read(_ path: String, limit: Int) -> [UInt8]? {
        // Non-blocking, so a FIFO cannot hold the open; it is then refused as not regular.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}
