import FoundationEssentials
import Synchronization

/// The last picture drawn for each client screen, kept while the daemon's step and the
/// minute are the same: a TRMNL asks `/api/display` (which names the picture by its hash)
/// and then fetches the picture, and both are answered from one drawing.
final class ClientPictures: Sendable {
    struct Picture {
        var step: Int
        var minute: Int64
        var bytes: [UInt8]
    }

    /// One picture per client and file type: bounded by the configured clients.
    private let kept = Mutex<[String: Picture]>([:])

    /// The kept picture for `key` if it was drawn at `step` in the minute of `now`, else
    /// the one `draw` makes, kept in its place.
    func picture(for key: String, step: Int, now: Date, draw: () -> [UInt8]?) -> [UInt8]? {
        let minute = Int64((now.timeIntervalSince1970 / 60).rounded(.down))
        if let picture = kept.withLock({ $0[key] }), picture.step == step, picture.minute == minute { return picture.bytes }
        guard let bytes = draw() else { return nil }
        kept.withLock { $0[key] = Picture(step: step, minute: minute, bytes: bytes) }
        return bytes
    }
}
