import FoundationEssentials
import Synchronization

/// What each client device said when it last fetched its screen: when, and its battery
/// as a percentage, which the e-reader scripts in deploy/clients add to the address
/// (`?battery=87`). Shown by `/api/clients`; a battery falling below `low` is logged once
/// until it is charged again. Also the picture a TRMNL device was last pointed at, which a
/// double press must name again. Bounded by the configured clients: only they are recorded.
final class ClientReports: Sendable {
    struct Report: Sendable, Equatable {
        var seen: Date
        var battery: Int?
    }

    /// Below this percentage a battery is low, said once in the log.
    static let low = 15

    /// A picture a device was pointed at: its address and the name the firmware keeps it by.
    struct Picture: Sendable, Equatable {
        var url: String
        var filename: String
    }

    private let reports = Mutex<[String: Report]>([:])
    private let pictures = Mutex<[String: Picture]>([:])

    /// Records a fetch of `client`'s screen at `now` with `battery` as the device gave it
    /// (a whole number 0 to 100, else ignored); true when the battery has just gone low.
    func fetched(_ client: String, at now: Date, battery: String?) -> Bool {
        let level = battery.flatMap { Int($0.prefix(3)) }.flatMap { (0...100).contains($0) ? $0 : nil }
        return reports.withLock { reports in
            let before = reports[client]?.battery
            reports[client] = Report(seen: now, battery: level ?? before)
            guard let level else { return false }
            return level < Self.low && (before.map { $0 >= Self.low } ?? true)
        }
    }

    /// The last report of `client`, if it has fetched its screen since the start.
    func report(of client: String) -> Report? { reports.withLock { $0[client] } }

    /// Records that `client` was last pointed at `picture`.
    func sent(_ picture: Picture, to client: String) { pictures.withLock { $0[client] = picture } }

    /// The picture `client` was last pointed at since the start, which it keeps.
    func picture(sentTo client: String) -> Picture? { pictures.withLock { $0[client] } }
}
