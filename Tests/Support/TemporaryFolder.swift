import Foundation

/// A folder of one test's own under the system's temporary directory, made empty, for
/// files the test writes; `remove()` (deferred by the test) deletes it with its contents.
package struct TemporaryFolder: Sendable {
    package let url: URL

    /// Makes `TMPDIR/PREFIX-UUID`.
    package init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package var path: String { url.path }

    /// Deletes the folder and everything in it.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
