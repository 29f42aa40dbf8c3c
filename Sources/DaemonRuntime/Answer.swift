import Synchronization

/// An answer one task waits for and another gives, once: how a front end (the socket,
/// the web, MQTT) learns what the daemon made of a request it queued, without touching
/// the daemon's state. A second answer is ignored.
package final class Answer<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, Never>?)
        case given(Value)
    }

    private let state = Mutex(State.waiting(nil))

    package init() {}

    /// Gives the answer, waking whoever waits for it.
    package func give(_ value: Value) {
        let waiter: CheckedContinuation<Value, Never>? = state.withLock { state in
            guard case let .waiting(waiter) = state else { return nil }
            state = .given(value)
            return waiter
        }
        waiter?.resume(returning: value)
    }

    /// Whether the answer has been given.
    package var isGiven: Bool {
        state.withLock { if case .given = $0 { true } else { false } }
    }

    /// The answer, once given.
    package var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let given: Value? = state.withLock { state in
                    switch state {
                    case let .given(value): return value
                    case .waiting:
                        state = .waiting(continuation)
                        return nil
                    }
                }
                if let given { continuation.resume(returning: given) }
            }
        }
    }
}
