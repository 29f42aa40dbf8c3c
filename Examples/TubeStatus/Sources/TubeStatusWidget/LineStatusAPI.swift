import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The line-status API: Transport for London's `/Line/Mode/tube/Status` answer, an array
/// of lines each with its current statuses.
public enum LineStatusAPI {
    /// Where the tube's statuses are published.
    public static let defaultURL = "https://api.tfl.gov.uk/Line/Mode/tube/Status"

    /// Why a status could not be read.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case badURL(String)
        case http(status: Int, url: String)
        case notLineStatus(String)

        public var description: String {
            switch self {
            case let .badURL(url): "'\(url)' is not a URL"
            case let .http(status, url): "\(url) answered HTTP \(status)"
            case let .notLineStatus(reason): "the answer is not a line-status list: \(reason)"
            }
        }
    }

    private struct Line: Decodable {
        let id: String
        let name: String
        let lineStatuses: [Status]
    }

    private struct Status: Decodable {
        let statusSeverity: Int
        let statusSeverityDescription: String
        let reason: String?
    }

    /// The lines of an answer, each with its worst status, in the answer's order.
    public static func decode(_ data: Data) throws(Failure) -> [LineStatus] {
        let lines: [Line]
        do {
            lines = try JSONDecoder().decode([Line].self, from: data)
        } catch {
            throw .notLineStatus(String(describing: error))
        }
        return lines.map { line in
            let worst = line.lineStatuses.min { $0.statusSeverity < $1.statusSeverity }
            return LineStatus(
                id: line.id, name: line.name, severity: worst?.statusSeverity ?? 10,
                summary: worst?.statusSeverityDescription ?? "Good Service", reason: worst?.reason)
        }
    }

    /// Fetches and decodes the statuses at `url`.
    public static func fetch(_ url: String, session: URLSession = .shared) async throws -> [LineStatus] {
        guard let address = URL(string: url), address.scheme != nil else { throw Failure.badURL(url) }
        var request = URLRequest(url: address, timeoutInterval: 20)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw Failure.http(status: http.statusCode, url: url)
        }
        return try decode(data)
    }
}
