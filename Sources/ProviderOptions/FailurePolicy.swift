import FoundationEssentials
import Glibc

/// How the engine treats a provider that throws or does not answer: the last good entry
/// stays on screen marked stale, and the provider is asked again after a wait that
/// doubles with each failure, up to a cap.
package struct FailurePolicy: Sendable, Hashable, Codable {
    /// How long a provider may take to hand over a timeline.
    package var timeout: TimeInterval = 10
    /// The wait after the first failure.
    package var initialBackoff: TimeInterval = 30
    /// The longest wait between retries.
    package var maximumBackoff: TimeInterval = 1_800

    package init() {}

    /// The wait before retry number `failures` (1 for the first failure).
    package func backoff(afterFailures failures: Int) -> TimeInterval {
        let doublings = Double(max(0, failures - 1))
        return min(maximumBackoff, initialBackoff * Glibc.pow(2.0, min(doublings, 40)))
    }
}
