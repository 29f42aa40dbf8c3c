import FoundationEssentials
import Synchronization

/// A token bucket per key on the daemon's monotonic clock: at most `burst` events at
/// once, then one every `interval` seconds. What a peer on the network or the broker
/// may ask for as often as it likes — a reload, a full e-ink refresh, a device's set-up
/// call, a log line about it — goes through one, so a flood costs the daemon a counter,
/// not a command run, a flashing panel or a megabyte of log.
///
/// Keys are bounded (`maximumKeys`): when a new key finds the table full, the key idle
/// the longest is forgotten, so a flood of new names cannot grow it.
package final class RateLimiter: Sendable {
    /// What `admit` decided.
    package enum Decision: Equatable, Sendable {
        /// Go ahead; `suppressed` events of this key were refused since the last admitted
        /// one (for a log line: "… and 4,999 more like it").
        case allowed(suppressed: Int)
        /// Too soon: the next event of this key is admitted in `retryAfter` seconds.
        case refused(retryAfter: TimeInterval)

        package var isAllowed: Bool { if case .allowed = self { true } else { false } }
    }

    private struct Bucket {
        var tokens: Double
        var updated: TimeInterval
        var suppressed = 0
    }

    package let burst: Int
    package let interval: TimeInterval
    package let maximumKeys: Int
    private let clock: any DaemonClock
    private let buckets = Mutex<[String: Bucket]>([:])

    package init(burst: Int, interval: TimeInterval, maximumKeys: Int = 256, clock: any DaemonClock) {
        precondition(burst >= 1 && interval > 0 && maximumKeys >= 1)
        self.burst = burst
        self.interval = interval
        self.maximumKeys = maximumKeys
        self.clock = clock
    }

    /// Takes a token of `key`'s bucket when one is there.
    package func admit(_ key: String = "") -> Decision {
        let now = clock.monotonic()
        return buckets.withLock { buckets in
            if buckets[key] == nil, buckets.count >= maximumKeys, let idle = buckets.min(by: { $0.value.updated < $1.value.updated })?.key {
                buckets[idle] = nil
            }
            var bucket = buckets[key] ?? Bucket(tokens: Double(burst), updated: now)
            bucket.tokens = min(Double(burst), bucket.tokens + max(0, now - bucket.updated) / interval)
            bucket.updated = now
            defer { buckets[key] = bucket }
            guard bucket.tokens >= 1 else {
                bucket.suppressed += 1
                return .refused(retryAfter: (1 - bucket.tokens) * interval)
            }
            bucket.tokens -= 1
            defer { bucket.suppressed = 0 }
            return .allowed(suppressed: bucket.suppressed)
        }
    }
}
