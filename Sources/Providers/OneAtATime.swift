import Synchronization

/// A gate for work that must not overlap itself: a picture's decode, a calendar's
/// reading. A second caller while the first is inside is told so, rather than starting a
/// second copy of slow work beside the one that has not finished.
final class OneAtATime: Sendable {
    private let busy = Atomic(false)

    /// Enters the gate; false when it is taken.
    func enter() -> Bool {
        !busy.exchange(true, ordering: .acquiringAndReleasing)
    }

    func leave() {
        busy.store(false, ordering: .releasing)
    }
}
