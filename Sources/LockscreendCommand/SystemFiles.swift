import Canvas  // for RegularFile
import Config
import FoundationEssentials
import Glibc

/// The machine's files, as the configuration's reader asks of them: what the composition
/// root hands `LockScreenConfig.load` and `parse`, so that what the reader reads is read
/// here.
package struct SystemFiles: ConfigFiles {
    package init() {}

    package func status(of path: String) -> Result<FileStatus, FileProblem> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(FileProblem(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))) }
        let kind: FileStatus.Kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        default: .other
        }
        return .success(FileStatus(kind: kind, size: Int(info.st_size), worldReadable: info.st_mode & 0o004 != 0))
    }

    package func contents(of path: String, limit: Int) -> Data? { RegularFile.read(path, limit: limit).map { Data($0) } }

    package func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
