import Foundation
import Glibc
import TestSupport
import Testing
@testable import Providers
import ProviderOptions

@Suite("SecretFile")
struct SecretFileTests {
    @Test("a secret is its file's text without the white space around it; an empty, missing, oversized or non-regular file is none")
    func reads() throws {
        let temporary = try TemporaryFolder("secret")
        defer { temporary.remove() }
        let folder = temporary.url
        func file(_ name: String, _ text: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            chmod(path, 0o600)
            return path
        }
        #expect(SecretFile.read(try file("token", "  abc.def-123\n")) == "abc.def-123")
        #expect(SecretFile.read(try file("blank", " \n\t\n")) == nil)
        #expect(SecretFile.read(folder.appendingPathComponent("absent").path) == nil)
        #expect(SecretFile.read(try file("limit", String(repeating: "k", count: SecretFile.limit))) == String(repeating: "k", count: SecretFile.limit))
        #expect(SecretFile.read(try file("huge", String(repeating: "k", count: SecretFile.limit + 1))) == nil)
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(SecretFile.read(fifo) == nil)
        #expect(SecretFile.read(folder.path) == nil)

        let fetcher = HTTPFetcher(url: URL(string: "http://127.0.0.1:9/")!)
        #expect(try fetcher.authorized(byTokenIn: try file("bearer", "t0ken\n")).headers["Authorization"] == "Bearer t0ken")
        #expect(throws: SecretFile.Failure.self) { try fetcher.authorized(byTokenIn: fifo) }
    }

    @Test("a secret made readable by every user after the start is refused at the next read, with the reason")
    func permissionsAtEveryRead() throws {
        let temporary = try TemporaryFolder("secret-mode")
        defer { temporary.remove() }
        let path = temporary.url.appendingPathComponent("token").path
        try "t0ken\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        #expect(try SecretFile.text(of: path) == "t0ken")
        chmod(path, 0o644)
        #expect(SecretFile.read(path) == nil)
        let failure = #expect(throws: SecretFile.Failure.self) { try SecretFile.text(of: path) }
        #expect(failure?.description.contains("readable by every user") == true)
        chmod(path, 0o640)
        #expect(SecretFile.read(path) == "t0ken")
    }
}
