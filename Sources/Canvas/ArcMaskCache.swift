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

    /// How many masks are kept; the oldest goes first. A lock screen has a track per
    /// gauge in the row and a few sizes of gauge.
    static let capacity = 32

    private struct State {
        var masks: [Key: Mask] = [:]
        var order: [Key] = []
    }

    private static let state = Mutex(State())

    /// How many masks are kept now.
    package static var count: Int { state.withLock { $0.masks.count } }

    /// The mask for `key`, rasterized by `make` when not kept.
    static func mask(for key: Key, make: () -> Mask) -> Mask {
        if let kept = state.withLock({ $0.masks[key] }) { return kept }
        let made = make()
        state.withLock { state in
            guard state.masks[key] == nil else { return }
            if state.masks.count >= capacity {
                state.masks[state.order.removeFirst()] = nil
            }
            state.masks[key] = made
            state.order.append(key)
        }
        return made
    }
}
