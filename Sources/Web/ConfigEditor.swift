import Canvas
import FoundationEssentials
import Glibc
import Synchronization

/// The configuration file as the page edits it: read, checked as `lockscreend check`
/// checks it, and applied — checked first, the running file kept beside it as
/// `FILE.previous`, the new one written atomically, then reloaded as SIGHUP reloads it.
/// A text with mistakes changes nothing.
package final class ConfigEditor: Sendable {
    /// What the page shows: the file, and its mistakes and warnings as `FILE:LINE: KEY: …`.
    package struct Outcome: Codable, Sendable, Equatable {
        package var path: String
        package var text: String?
        package var errors: [String]
        package var warnings: [String]
        /// Whether this text was written and reloaded.
        package var applied = false
        /// Why it could not be written, when it was good but the disk said no.
        package var failure: String?
    }

    /// The file the daemon runs from.
    package let path: String
    /// Checks a text as this file: its mistakes and warnings.
    let check: @Sendable (_ text: String, _ worldReadable: Bool) -> (errors: [String], warnings: [String])
    /// Reloads the file, as SIGHUP does.
    let reload: @Sendable () -> Void
    /// One apply at a time.
    private let writing = Mutex(())

    package init(path: String, check: @escaping @Sendable (String, Bool) -> (errors: [String], warnings: [String]), reload: @escaping @Sendable () -> Void) {
        self.path = path
        self.check = check
        self.reload = reload
    }

    /// The file as it is now, checked; no text when it cannot be read.
    package func current() -> Outcome {
        guard let bytes = RegularFile.read(path, limit: 1 << 20) else {
            return Outcome(path: path, text: nil, errors: ["\(path): cannot be read (missing, not a regular file, or over 1 MiB)"], warnings: [])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let (errors, warnings) = check(text, mode() & 0o004 != 0)
        return Outcome(path: path, text: text, errors: errors, warnings: warnings)
    }

    /// Checks `text`; when it has no mistakes, keeps the running file as `FILE.previous`,
    /// writes `text` in its place (same permissions) and reloads. A configuration that is
    /// a symlink is edited where it points: the link stays, its target is replaced (in the
    /// target's directory, beside it, as `TARGET.previous`).
    package func apply(_ text: String) -> Outcome {
        writing.withLock { _ in
            let mode = mode()
            let (errors, warnings) = check(text, mode & 0o004 != 0)
            var outcome = Outcome(path: path, text: text, errors: errors, warnings: warnings)
            guard errors.isEmpty else { return outcome }
            guard let resolved = realpath(path, nil) else {
                outcome.failure = "cannot find \(path): \(String(cString: strerror(errno)))"
                return outcome
            }
            let path = String(cString: resolved)
            free(resolved)
            if let old = RegularFile.read(path, limit: 1 << 20), let reason = RegularFile.replace(path + ".previous", with: old, mode: mode) {
                outcome.failure = "cannot keep the running file as \(path).previous: \(reason)"
                return outcome
            }
            if let reason = RegularFile.replace(path, with: Array(text.utf8), mode: mode) {
                outcome.failure = "cannot write \(path): \(reason)"
                return outcome
            }
            reload()
            outcome.applied = true
            return outcome
        }
    }

    /// The file's permission bits; 0o640 for a file not there yet.
    private func mode() -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0o640
    }
}
