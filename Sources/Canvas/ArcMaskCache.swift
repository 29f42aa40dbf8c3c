import CPangoCairo
import Synchronization

/// Coverage masks of arcs drawn again and again unchanged, such as a gauge's track,
/// rasterized once. Stroking a long anti-aliased arc is the costliest thing a gauge
/// draws (about 0.2 ms for a 270° track at 800×480 on this project's machine);
/// compositing a kept mask of it costs a fraction of that. Masks are kept in device
/// pixels, so an arc is reused only where it falls on the same fraction of a pixel at
/// the same size, and drawn exactly as a direct stroke would be.
package enum ArcMaskCache {
    /// What makes two arcs the same coverage mask: device-pixel geometry, the centre's
    /// position within its pixel included.
    struct Key: Hashable {
        var fractionX, fractionY, radius, lineWidth, start, end: Double
        var roundCap: Bool
    }

    /// An A8 coverage mask whose top-left pixel is `offsetX`, `offsetY` from the pixel
    /// holding the arc's centre.
    struct Mask: Sendable {
        var width, height, stride, offsetX, offsetY: Int
        var coverage: [UInt8]
    }

    /// How many masks are kept, and how many bytes of them; the oldest goes first. A lock
    /// screen has a track per gauge in the row, about 20 KB each at 800×480 and 150 KB on
    /// a 1872×1404 e-reader.
    static let capacity = 32
    static let byteLimit = 2 << 20

    private struct State {
        var masks: [Key: Mask] = [:]
        var order: [Key] = []
        var bytes = 0
    }

    private static let state = Mutex(State())

    /// How many masks are kept now.
    package static var count: Int { state.withLock { $0.masks.count } }

    /// The mask for `key`, rasterized by `make` when not kept.
    static func mask(for key: Key, make: () -> Mask) -> Mask {
        if let kept = state.withLock({ $0.masks[key] }) { return kept }
        let made = make()
        guard made.coverage.count <= byteLimit else { return made }
        state.withLock { state in
            guard state.masks[key] == nil else { return }
            while state.masks.count >= capacity || state.bytes + made.coverage.count > byteLimit {
                let oldest = state.order.removeFirst()
                state.bytes -= state.masks.removeValue(forKey: oldest)?.coverage.count ?? 0
            }
            state.masks[key] = made
            state.order.append(key)
            state.bytes += made.coverage.count
        }
        return made
    }

    /// How many bytes of masks are kept now.
    package static var bytes: Int { state.withLock { $0.bytes } }
}
