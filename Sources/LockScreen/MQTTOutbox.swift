import Providers
import Synchronization

/// Where a tap's `publish` action goes: the `[mqtt]` bridge's connection while it is
/// connected. The bridge lends its client on each connection and takes it back when the
/// connection drops or the bridge closes, so a tap never waits on a broker that is away.
package final class MQTTOutbox: Sendable {
    private let client = Mutex<MQTTClient?>(nil)

    package init() {}

    /// Why a message was not published, in words for the log.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    func lend(_ client: MQTTClient) { self.client.withLock { $0 = client } }

    /// Takes `client` back, unless another bridge's connection has been lent since.
    func takeBack(_ client: MQTTClient) { self.client.withLock { if $0 === client { $0 = nil } } }

    /// Queues `message` on the connection (libmosquitto's thread sends it).
    package func publish(_ message: WidgetTap.Message) throws(Failure) {
        guard let client = client.withLock({ $0 }) else {
            throw Failure(description: "not connected to the [mqtt] broker: '\(message.topic)' was not published")
        }
        guard client.publish(message.topic, Array(message.payload.utf8), qos: message.qos, retain: message.retain) else {
            throw Failure(description: "the broker connection did not take the message for '\(message.topic)'")
        }
    }
}
