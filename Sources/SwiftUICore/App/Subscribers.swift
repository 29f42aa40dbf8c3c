import FoundationEssentials
import Synchronization

/// Hands each value sent to every stream asked for, until that stream is dropped: how
/// the centers widget code calls (`WidgetCenter`, `AppServices`) reach the daemon that
/// listens, without knowing it.
package final class Subscribers<Element: Sendable>: Sendable {
    private let streams = Mutex<[UUID: AsyncStream<Element>.Continuation]>([:])
    /// The most values a stream keeps that its reader has not taken; older ones go.
    private static var buffered: Int { 64 }

    package init() {}

    /// Hands `value` to every stream.
    package func send(_ value: Element) {
        for continuation in streams.withLock({ Array($0.values) }) { continuation.yield(value) }
    }

    /// The values sent from now on, until the stream is dropped.
    package func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(Self.buffered))
        let id = UUID()
        streams.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.streams.withLock { _ = $0.removeValue(forKey: id) } }
        return stream
    }
}
