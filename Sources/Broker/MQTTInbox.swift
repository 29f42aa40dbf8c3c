import Providers
import Synchronization

/// The broker's events on their way from libmosquitto's thread to the bridge, bounded by
/// what they weigh, not by how many there are: a newer message on a topic replaces the
/// one still waiting there (only the newest value of a topic is ever shown or pushed),
/// and past `maximumBytes` of waiting payloads the oldest are dropped. So a flood of
/// megabyte messages — live or retained, read at every start — holds a few megabytes,
/// however fast it comes.
package final class MQTTInbox: Sendable {
    /// The payload bytes that may wait at once.
    package static let maximumBytes = 4 << 20
    /// Messages (of as many topics) that may wait at once, whatever they weigh.
    package static let maximumMessages = 1_024
    /// Connection events (connected, lost, a refused size) that may wait at once; past
    /// it the oldest give way.
    static let maximumSignals = 64

    private struct State {
        var order: [UInt64] = []
        var events: [UInt64: MQTTClient.Event] = [:]
        var byTopic: [String: UInt64] = [:]
        var bytes = 0
        var next: UInt64 = 0
        var dropped = 0
        var finished = false
        /// `take` returns nil when the box is empty instead of waiting.
        var draining = false
        var waiting: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    package init() {}

    /// Takes an event from libmosquitto's thread.
    package func put(_ event: MQTTClient.Event) {
        let waiting: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard !state.finished else { return nil }
            if case let .message(topic, payload, _) = event {
                if let older = state.byTopic[topic], case let .message(_, old, _)? = state.events.removeValue(forKey: older) {
                    state.bytes -= old.count
                    state.dropped += 1
                    state.order.removeAll { $0 == older }
                }
                state.bytes += payload.count
            } else if state.order.count - state.byTopic.count >= Self.maximumSignals,
                      let oldest = state.order.firstIndex(where: { if case .message? = state.events[$0] { false } else { true } }) {
                // Connection events give way oldest first: the newest says what holds now.
                state.events[state.order.remove(at: oldest)] = nil
            }
            state.next += 1
            state.order.append(state.next)
            state.events[state.next] = event
            if case let .message(topic, _, _) = event { state.byTopic[topic] = state.next }
            // The oldest waiting messages give way, never the one just come.
            var index = 0
            while state.bytes > Self.maximumBytes || state.byTopic.count > Self.maximumMessages, index < state.order.count - 1 {
                let key = state.order[index]
                if case let .message(topic, payload, _)? = state.events[key] {
                    state.events[key] = nil
                    state.byTopic[topic] = nil
                    state.bytes -= payload.count
                    state.dropped += 1
                    state.order.remove(at: index)
                } else {
                    index += 1
                }
            }
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }

    /// The oldest waiting event, waiting for one when none is there; nil once finished.
    func take() async -> MQTTClient.Event? {
        while true {
            if let event = poll() { return event }
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if !state.order.isEmpty || state.finished || state.draining { return true }
                    state.waiting = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// The oldest waiting event without waiting: `.some(nil)` once finished (or drained),
    /// nil when none waits now.
    package func poll() -> MQTTClient.Event?? {
        state.withLock { state in
            while !state.order.isEmpty {
                let key = state.order.removeFirst()
                guard let event = state.events.removeValue(forKey: key) else { continue }
                if case let .message(topic, payload, _) = event {
                    state.bytes -= payload.count
                    if state.byTopic[topic] == key { state.byTopic[topic] = nil }
                }
                return .some(event)
            }
            return state.finished || state.draining ? .some(nil) : nil
        }
    }

    /// Ends `take`: it returns nil from now on; what waits is dropped.
    func finish() {
        let waiting = state.withLock { state in
            state.finished = true
            state.order = []
            state.events = [:]
            state.byTopic = [:]
            state.bytes = 0
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }

    /// Ends `take` once what waits now has been taken (for tests, which read a box whole).
    func finishAfterDraining() {
        state.withLock { $0.draining = true }
    }

    /// Messages replaced or dropped so far, and the payload bytes waiting now.
    package var counts: (dropped: Int, waitingBytes: Int, waiting: Int) { state.withLock { ($0.dropped, $0.bytes, $0.order.count) } }
}
