import Foundation
import Glibc
import TestSupport
import Testing
@testable import Providers

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
        #expect(fetcher.authorized(byTokenIn: try file("bearer", "t0ken\n"))?.headers["Authorization"] == "Bearer t0ken")
        #expect(fetcher.authorized(byTokenIn: fifo) == nil)
    }
}
