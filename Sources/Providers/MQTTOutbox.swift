import Synchronization

/// Where a tap's `publish` action goes: the `[mqtt]` bridge's connection while it is
/// connected. The bridge lends its client on each connection and takes it back when the
/// connection drops or the bridge closes, so a tap never waits on a broker that is away.
///
/// Publishing never blocks — libmosquitto queues the message for its network thread —
/// so the queue is bounded here: while `maximumWaiting` tap messages are queued and not
/// yet taken by the broker (a broker connected but not reading), further taps are
/// refused with the reason, rather than piling megabytes up in libmosquitto.
package final class MQTTOutbox: Sendable {
    private struct State {
        var client: MQTTClient?
        /// Ids of tap messages queued and not yet taken by the broker.
        var waiting: Set<Int> = []
        /// Publishes under way, their ids not yet known.
        var starting = 0
        /// Ids the broker took before `publish` returned them: a QoS 0 message may leave
        /// at once. Other messages' ids pass through too, so it is kept short.
        var early: [Int] = []
    }

    private let state = Mutex(State())

    /// The most tap messages queued at once.
    package static let maximumWaiting = 16

    package init() {}

    /// Why a message was not published, in words for the log.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    package func lend(_ client: MQTTClient) { state.withLock { $0 = State(client: client) } }

    /// Takes `client` back, unless another bridge's connection has been lent since.
    package func takeBack(_ client: MQTTClient) { state.withLock { if $0.client === client { $0 = State() } } }

    /// How many tap messages wait for the broker now.
    package var waiting: Int { state.withLock { $0.waiting.count + $0.starting } }

    /// The broker has the message numbered `id` (`MQTTClient.Event.published`).
    package func delivered(_ id: Int) {
        state.withLock { state in
            guard state.waiting.remove(id) == nil else { return }
            state.early.append(id)
            if state.early.count > 64 { state.early.removeFirst() }
        }
    }

    /// Queues `payload` on `topic` on the connection (libmosquitto's thread sends it).
    package func publish(topic: String, payload: String, qos: Int, retain: Bool) throws(Failure) {
        let client = try state.withLock { state throws(Failure) -> MQTTClient in
            guard let client = state.client else {
                throw Failure(description: "not connected to the [mqtt] broker: '\(topic)' was not published")
            }
            guard state.waiting.count + state.starting < Self.maximumWaiting else {
                throw Failure(description: "\(Self.maximumWaiting) tap messages still wait for the broker to take them: '\(topic)' was not published")
            }
            state.starting += 1
            return client
        }
        let id = client.publish(topic, Array(payload.utf8), qos: qos, retain: retain)
        state.withLock { state in
            state.starting = max(state.starting - 1, 0)
            guard let id, state.client === client else { return }
            if let early = state.early.firstIndex(of: id) { state.early.remove(at: early) } else { state.waiting.insert(id) }
        }
        guard id != nil else {
            throw Failure(description: "the broker connection did not take the message for '\(topic)'")
        }
    }
}
