import CMosquittoLoader
import FoundationEssentials
import Synchronization

/// A connection to an MQTT broker through Debian's libmosquitto (loaded on first use):
/// MQTT 3.1.1 or 5, TLS with the server's certificate verified, a user and password, a
/// last will, and libmosquitto's network thread connecting in the background and
/// reconnecting with exponential backoff (from a start picked at random between 1 and 3
/// seconds, so daemons that lost one broker do not all come back at the same instant).
/// Each event reaches `onEvent` on that thread; payloads over `payloadLimit` arrive as
/// `.tooLarge` without their bytes.
package final class MQTTClient: Sendable {
    package struct Options: Sendable {
        package var host: String
        package var port: Int
        package var tls: Bool
        package var clientID: String
        package var username: String?
        package var password: String?
        package var caFile: String?
        /// 4 for MQTT 3.1.1, 5 for MQTT 5.
        package var protocolVersion = 4
        package var keepalive = 60
        package var will: (topic: String, payload: String)?
        package var payloadLimit = 1 << 20

        package init(host: String, port: Int, tls: Bool, clientID: String) {
            self.host = host
            self.port = port
            self.tls = tls
            self.clientID = clientID
        }
    }

    package enum Event: Sendable, Equatable {
        case connected(code: Int)
        case disconnected(code: Int)
        case message(topic: String, payload: [UInt8], retained: Bool)
        case tooLarge(topic: String, length: Int)
        /// The message `publish` numbered `id` has left (QoS 0) or the broker acknowledged it.
        case published(id: Int)
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    private final class Context: Sendable {
        let onEvent: @Sendable (Event) -> Void
        let limit: Int
        init(_ onEvent: @escaping @Sendable (Event) -> Void, limit: Int) {
            self.onEvent = onEvent
            self.limit = limit
        }
    }

    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer?
    }

    private let client: Mutex<Handle?>
    private let context: Unmanaged<Context>

    /// Starts connecting; a broker that is down is retried, never an error here. Fails
    /// only when libmosquitto cannot be loaded or the options are refused.
    package init(_ options: Options, onEvent: @escaping @Sendable (Event) -> Void) throws(Failure) {
        let context = Unmanaged.passRetained(Context(onEvent, limit: options.payloadLimit))
        self.context = context
        var message = [CChar](repeating: 0, count: 512)
        var handle: OpaquePointer?
        let reconnect = UInt32.random(in: 1...3)
        let error: Int32 = options.host.withCString { host in
            options.clientID.withCString { id in
                withOptional(options.username) { user in
                    withOptional(options.password) { password in
                        withOptional(options.caFile) { ca in
                            withOptional(options.will?.topic) { willTopic in
                                withOptional(options.will?.payload) { willPayload in
                                    var o = CMosquittoLoader_options(
                                        host: host, port: Int32(options.port), client_id: id, username: user, password: password,
                                        tls: options.tls ? 1 : 0, ca_file: ca, protocol: Int32(options.protocolVersion),
                                        keepalive: Int32(options.keepalive), will_topic: willTopic, will_payload: willPayload,
                                        reconnect_min: reconnect, reconnect_max: 60)
                                    return CMosquittoLoader_open(&o, MQTTClient.callback, context.toOpaque(), &handle, &message, message.count)
                                }
                            }
                        }
                    }
                }
            }
        }
        guard error == 0 else {
            context.release()
            throw Failure(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        client = Mutex(Handle(pointer: handle))
    }

    private static let callback: CMosquittoLoader_callback = { context, event, code, topic, payload, length, retained in
        let box = Unmanaged<Context>.fromOpaque(context!).takeUnretainedValue()
        switch event {
        case Int32(CMosquittoLoader_CONNECTED.rawValue): box.onEvent(.connected(code: Int(code)))
        case Int32(CMosquittoLoader_DISCONNECTED.rawValue): box.onEvent(.disconnected(code: Int(code)))
        case Int32(CMosquittoLoader_PUBLISHED.rawValue): box.onEvent(.published(id: Int(code)))
        default:
            let name = topic.map { String(cString: $0) } ?? ""
            guard Int(length) <= box.limit else { return box.onEvent(.tooLarge(topic: name, length: Int(length))) }
            let bytes = payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
            box.onEvent(.message(topic: name, payload: bytes, retained: retained != 0))
        }
    }

    /// Subscribes to `filter` (wildcards allowed); false when not connected (subscribe
    /// again on `.connected`).
    @discardableResult
    package func subscribe(_ filter: String, qos: Int = 1) -> Bool {
        client.withLock { handle in
            guard let pointer = handle?.pointer else { return false }
            return CMosquittoLoader_subscribe(pointer, filter, Int32(qos)) == 0
        }
    }

    /// Publishes `payload` on `topic`: its message id, which `.published` names once the
    /// broker has it; nil when the client is closed or the message cannot be queued.
    @discardableResult
    package func publish(_ topic: String, _ payload: [UInt8], qos: Int = 0, retain: Bool = false) -> Int? {
        client.withLock { handle in
            guard let pointer = handle?.pointer else { return nil }
            var id: Int32 = 0
            let error = payload.withUnsafeBytes { CMosquittoLoader_publish(pointer, topic, $0.baseAddress, Int32($0.count), Int32(qos), retain ? 1 : 0, &id) }
            return error == 0 ? Int(id) : nil
        }
    }

    /// Publishes a last retained message (the availability going offline), disconnects
    /// and stops the network thread; no event comes after it.
    package func close(last: (topic: String, payload: String)? = nil) {
        guard let pointer = client.withLock({ handle in defer { handle = nil }; return handle?.pointer }) else { return }
        CMosquittoLoader_close(pointer, last?.topic, last?.payload)
        context.release()
    }

    deinit { close() }
}

/// `body` with a C string for `text`, or NULL.
private func withOptional<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
