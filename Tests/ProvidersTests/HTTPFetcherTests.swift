import Foundation
import Testing
@testable import JSON
@testable import Providers
import TestSupport
import ProviderOptions

@Suite("HTTP fetcher", .serialized)
struct HTTPFetcherTests {
    func fetch(_ url: String, limit: Int = 1 << 20) async -> Result<Data, HTTPFetcher.Failure> {
        var fetcher = HTTPFetcher(url: URL(string: url)!)
        // Not what these tests check: only a guard against a hang, so that a busy
        // machine's slow loopback cannot turn them red.
        fetcher.timeout = 120
        fetcher.limit = limit
        do { return .success(try await fetcher.fetch()) } catch { return .failure(error) }
    }

    @Test func redirectsAreFollowed() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let body = try await fetch(server.url("/moved")).get()
        #expect(String(decoding: body, as: UTF8.self).contains("London"))
    }

    @Test func redirectsLeaveOnlyForHTTP() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        guard case let .failure(.transport(message)) = await fetch(server.url("/to-ftp")) else {
            Issue.record("a redirect to ftp:// was followed")
            return
        }
        #expect(message.lowercased().contains("ftp"))
    }

    @Test func aBodyOfUnknownLengthIsCutOffAtTheLimit() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        #expect(await fetch(server.url("/unsized"), limit: 4096) == .failure(.tooLarge(limit: 4096)))
    }

    @Test func theDaemonNamesItself() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let body = try await fetch(server.url("/agent")).get()
        #expect(String(decoding: body, as: UTF8.self) == #"{"agent": "lockscreend"}"#)
    }

    @Test func aRefusedConnectionSaysWhere() async throws {
        let server = try LoopbackHTTPServer()
        let url = server.url("/ok")
        server.stop()
        guard case let .failure(.transport(message)) = await fetch(url) else {
            Issue.record("a closed port answered")
            return
        }
        #expect(message.contains("127.0.0.1"), "\(message)")
    }
}
