import FoundationEssentials

/// What the configuration's reader asks of the file system — is a file there, may every
/// user read it, what does it hold — answered by whoever hands the reader over: the
/// composition root's `SystemFiles` asks the machine, the fuzzer's `NoFiles` nothing.
/// The reader opens nothing itself, so what a check of the configuration touches is the
/// root's to say, and each answer still lands on the line that named the file.
package protocol ConfigFiles: Sendable {
    /// What is at `path` (links followed), or why nothing can be said.
    func status(of path: String) -> Result<FileStatus, FileProblem>
    /// The bytes of the regular file at `path`; nil when it cannot be read, is not a
    /// regular file (a device or a FIFO is never read) or holds more than `limit` bytes.
    func contents(of path: String, limit: Int) -> Data?
    /// Whether the daemon's user may read `path`.
    func isReadable(_ path: String) -> Bool
}

/// What a file is, as the configuration's checks need it.
package struct FileStatus: Sendable, Hashable {
    /// A regular file, a folder, or anything else (a device, a FIFO, a socket).
    package enum Kind: Sendable, Hashable {
        case regular, directory, other
    }

    package var kind: Kind
    /// Its size in bytes.
    package var size: Int
    /// Every user may read it.
    package var worldReadable: Bool

    package init(kind: Kind, size: Int, worldReadable: Bool) {
        self.kind = kind
        self.size = size
        self.worldReadable = worldReadable
    }
}

/// Why nothing can be said of a path: "no such file", or the system's reason.
package struct FileProblem: Error, Sendable, Hashable {
    package var reason: String

    package init(_ reason: String) {
        self.reason = reason
    }
}

/// A file system with nothing in it: a configuration's text checked alone (the fuzzer's,
/// a suite's), every file it names missing.
package struct NoFiles: ConfigFiles {
    package init() {}

    package func status(of path: String) -> Result<FileStatus, FileProblem> { .failure(FileProblem("no such file")) }
    package func contents(of path: String, limit: Int) -> Data? { nil }
    package func isReadable(_ path: String) -> Bool { false }
}
