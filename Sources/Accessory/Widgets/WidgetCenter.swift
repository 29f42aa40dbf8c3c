import FoundationEssentials
import Synchronization

/// Asks the daemon for new timelines outside the reload policy, as WidgetKit's
/// `WidgetCenter`; such reloads are not charged to a widget's budget.
public final class WidgetCenter: Sendable {
    /// A reload someone asked for: one kind, or all.
    package enum Request: Sendable, Hashable {
        case kind(String)
        case all
        /// An address an intent opened (`openURL`): the daemon runs its `[urls]` action.
        case open(String)
    }

    private let subscribers = Mutex<[UUID: AsyncStream<Request>.Continuation]>([:])

    package init() {}

    /// Reloads every widget of `kind`.
    public func reloadTimelines(ofKind kind: String) { send(.kind(kind)) }

    /// Reloads every widget.
    public func reloadAllTimelines() { send(.all) }

    /// Hands an address an intent opened to the daemon.
    package func open(_ url: URL) { send(.open(url.absoluteString)) }

    private func send(_ request: Request) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(request) }
    }

    /// The reload requests made from now on, until the stream is dropped.
    package func requests() -> AsyncStream<Request> {
        let (stream, continuation) = AsyncStream.makeStream(of: Request.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.subscribers.withLock { _ = $0.removeValue(forKey: id) } }
        return stream
    }
}
