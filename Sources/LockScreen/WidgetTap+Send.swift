import FoundationEssentials
import LockScreenModel
import Providers
import ProviderOptions

extension WidgetTap.Request {
    /// The largest answer read: its status is all a tap uses.
    static let answerLimit = 64 << 10

    /// Why a tap's request did not succeed, in words for the log.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The request as a fetcher: method, body and its type, at most `answerLimit` read
    /// back, ten seconds.
    var fetcher: HTTPFetcher {
        var fetcher = HTTPFetcher(url: url)
        fetcher.method = method
        fetcher.body = Array(body.utf8)
        if !body.isEmpty { fetcher.headers["Content-Type"] = contentType }
        fetcher.limit = Self.answerLimit
        fetcher.timeout = 10
        return fetcher
    }

    /// Makes the request, with the token file's text as a bearer token when there is one
    /// (read at each tap, so a new token needs no restart); an answer other than 2xx or
    /// no answer is an error saying so.
    func send() async throws(Failure) {
        var fetcher = self.fetcher
        if let tokenFile {
            do { fetcher = try fetcher.authorized(byTokenIn: tokenFile) } catch { throw Failure(description: "the token: \(error)") }
        }
        do { _ = try await fetcher.fetch() } catch { throw Failure(description: "\(method) \(url.absoluteString): \(error)") }
    }
}

extension WidgetTap.ServiceCall {
    /// Calls the service; Home Assistant's refusal (a wrong token, an unknown service, bad
    /// data) is an error in its words.
    func call() async throws(HomeAssistantWidgetSource.Failure) {
        _ = try await HomeAssistantWidgetSource.request(request.fetcher, tokenFile: tokenFile, naming: "service \(domain).\(service)")
    }
}
