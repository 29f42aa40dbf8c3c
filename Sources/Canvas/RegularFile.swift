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

    /// Writes all of `bytes` to the open file `fd`, through interruptions and short
    /// writes. Returns nil, or why it failed.
    package static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return n < 0 ? String(cString: strerror(errno)) : "nothing written" }
            done += n
        }
        return nil
    }

    /// Replaces `path` with `bytes` atomically: a temporary file beside it, flushed to
    /// disk, renamed over the old one, and the directory flushed, so a power cut leaves
    /// the old file or the new one, never half of either. Returns nil, or why it failed.
    ///
    /// The temporary is a new file of a name nobody could know (`PATH.tmp.XXXXXX`,
    /// created with `O_EXCL`): a file or a link someone left at a fixed name beside it
    /// (a hard link to another file, a symlink) is never opened and written through.
    package static func replace(_ path: String, with bytes: some Collection<UInt8>, mode: mode_t = 0o600) -> String? {
        var template = Array((path + ".tmp.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard fcntl(fd, F_SETFD, FD_CLOEXEC) == 0, fchmod(fd, mode) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            return reason
        }
        let failure = Array(bytes).withUnsafeBytes { write($0, to: fd) }
        let synced = failure == nil && fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary, path) == 0 else {
            let reason = failure ?? String(cString: strerror(errno))
            unlink(temporary)
            return reason
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let dir = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
        return nil
    }
}
