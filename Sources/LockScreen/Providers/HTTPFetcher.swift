import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One GET with a deadline and a cap on the body, checked as bytes arrive, so a huge
/// answer is cut off rather than read whole.
package struct HTTPFetcher: Sendable {
    package var url: URL
    package var headers: [String: String] = [:]
    package var timeout: TimeInterval = 10
    package var limit = 1 << 20

    package init(url: URL) {
        self.url = url
    }

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

    package func fetch() async throws(Failure) -> Data {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let collector = Collector(limit: limit, timeout: timeout)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Data, Failure>, Never>) in
            collector.start(continuation)
            session.dataTask(with: request).resume()
        }
        return try result.get()
    }

    /// Gathers one task's body and answers once.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private struct State {
            var data = Data()
            var continuation: CheckedContinuation<Result<Data, Failure>, Never>?
            var failure: Failure?
        }

        private let state = Mutex(State())
        private let limit: Int
        private let timeout: TimeInterval

        init(limit: Int, timeout: TimeInterval) {
            self.limit = limit
            self.timeout = timeout
        }

        func start(_ continuation: CheckedContinuation<Result<Data, Failure>, Never>) {
            state.withLock { $0.continuation = continuation }
        }

        private func finish(_ result: Result<Data, Failure>) {
            let continuation = state.withLock { state in
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(returning: result)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                state.withLock { $0.failure = .status(http.statusCode) }
                completionHandler(.cancel)
                return
            }
            if response.expectedContentLength > limit {
                state.withLock { $0.failure = .tooLarge(limit: limit) }
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = state.withLock { state in
                state.data.append(data)
                if state.data.count > limit { state.failure = .tooLarge(limit: limit) }
                return state.data.count > limit
            }
            if over { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (data, failure) = state.withLock { ($0.data, $0.failure) }
            if let failure { return finish(.failure(failure)) }
            if let error {
                let code = (error as NSError).code
                return finish(.failure(code == NSURLErrorTimedOut ? .timedOut(seconds: timeout) : .transport((error as NSError).localizedDescription)))
            }
            finish(.success(data))
        }
    }
}
