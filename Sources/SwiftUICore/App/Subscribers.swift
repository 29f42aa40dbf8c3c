import FoundationEssentials
import Synchronization

/// Hands each value sent to every stream asked for, until that stream is dropped: how
/// the centers widget code calls (`WidgetCenter`, `AppServices`) reach the daemon that
/// listens, without knowing it.
package final class Subscribers<Element: Sendable>: Sendable {
    private let streams = Mutex<[UUID: AsyncStream<Element>.Continuation]>([:])
    private let buffered: Int

    /// Subscribers whose streams keep at most `buffered` values a reader has not taken.
    package init(buffered: Int = 64) {
        self.buffered = buffered
    }

    /// Hands `value` to every stream.
    package func send(_ value: Element) {
        for continuation in streams.withLock({ Array($0.values) }) { continuation.yield(value) }
    }

    /// The values sent from now on, until the stream is dropped.
    package func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(buffered))
        let id = UUID()
        streams.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.streams.withLock { _ = $0.removeValue(forKey: id) } }
        return stream
    }
}
