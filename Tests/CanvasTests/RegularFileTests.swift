import Foundation
import Glibc
import Testing
import TestSupport
@testable import Canvas

@Suite("Regular files")
struct RegularFileTests {
    @Test("a write sends every byte or says why not; a replacement is whole, read back under its cap")
    func writeAndReplace() throws {
        let folder = try TemporaryFolder("regular-file")
        defer { folder.remove() }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = folder.path + "/frame.raw"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        #expect(bytes.withUnsafeBytes { RegularFile.write($0, to: fd) } == nil)
        close(fd)
        #expect(RegularFile.read(path, limit: bytes.count) == bytes)
        #expect(RegularFile.read(path, limit: bytes.count - 1) == nil)
        // A descriptor not open for writing: the reason, not a crash or a silent loss.
        let readOnly = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(readOnly) }
        #expect(bytes.withUnsafeBytes { RegularFile.write($0, to: readOnly) } == String(cString: strerror(EBADF)))

        let state = folder.path + "/state.json"
        #expect(RegularFile.replace(state, with: Array("first".utf8)) == nil)
        #expect(RegularFile.replace(state, with: Array("second".utf8)) == nil)
        #expect(RegularFile.read(state, limit: 100) == Array("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["frame.raw", "state.json"])
        #expect(RegularFile.replace(folder.path + "/missing/state.json", with: Array("x".utf8)) == String(cString: strerror(ENOENT)))
    }
}

