import CCurlLoader
import DaemonRuntime
import FoundationEssentials
import Glibc
import ProviderOptions

extension HTTPFetcher {
    /// Why there is no body to use.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case status(Int)
        case tooLarge(limit: Int)
        case timedOut(seconds: TimeInterval)
        case transport(String)

        package var description: String {
            switch self {
            case let .status(code): "HTTP \(code)"
            case let .tooLarge(limit): "the response is larger than \(limit) bytes"
            case let .timedOut(seconds): "no complete response within \(seconds.compactSeconds)"
            case let .transport(reason): reason
            }
        }
    }

    /// Nil when requests can be made; else why not (libcurl missing), loading it now.
    package static func unavailability() -> String? {
        var message = [CChar](repeating: 0, count: 512)
        guard CCurlLoader_http_available(&message, message.count) == 0 else { return nil }
        return message.withUnsafeBytes(Self.text)
    }

    /// Makes the request. The time limit is kept on the provider's clock (the engine's):
    /// when it passes, or the fetch is cancelled, the transfer is stopped.
    package func fetch() async throws(Failure) -> Data {
        let fetcher = self
        let stop = StopFlag()
        return try await OwnThread.run(named: "http \(url.host ?? "")", within: timeout, stop: { stop.set() }) {
            fetcher.fetchBlocking(stop: stop)
        }.value.get()
    }

    private func fetchBlocking(stop: StopFlag) -> Result<Data, Failure> {
        let lines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        var result = CCurlLoader_http_result()
        withCStrings(lines) { pointers in
            body.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { bytes in
                    CCurlLoader_http_request(method, url.absoluteString, pointers, pointers.count, bytes.baseAddress, bytes.count,
                                             stop.pointer, limit, "lockscreend", &result)
                }
            }
        }
        defer { CCurlLoader_http_free(&result) }
        switch result.outcome {
        case CCurlLoader_HTTP_DONE:
            guard (200..<300).contains(result.status) else { return .failure(.status(result.status)) }
            return .success(result.body.map { Data(bytes: $0, count: result.length) } ?? Data())
        case CCurlLoader_HTTP_TOO_LARGE:
            return .failure(.tooLarge(limit: limit))
        case CCurlLoader_HTTP_STOPPED:
            return .failure(.timedOut(seconds: timeout))
        default:
            return .failure(.transport(withUnsafeBytes(of: result.message, Self.text)))
        }
    }

    /// The flag a transfer's progress callback reads, set from another thread; C's atomics
    /// on both sides.
    private final class StopFlag: @unchecked Sendable {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        init() { pointer.initialize(to: 0) }
        deinit { pointer.deallocate() }
        func set() { CCurlLoader_http_stop(pointer) }
    }

    /// The text of a C message buffer, up to its terminating zero.
    private static func text(_ buffer: UnsafeRawBufferPointer) -> String {
        String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// `body` with `strings` as an array of C strings that live for its duration.
    private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}
