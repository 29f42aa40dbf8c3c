
/// Asks the daemon for new timelines outside the reload policy, as WidgetKit's
/// `WidgetCenter`; such reloads are not charged to a widget's budget.
public final class WidgetCenter: Sendable {
    /// A reload someone asked for: one kind, or all.
    package enum Request: Sendable, Hashable {
        case kind(String)
        case all
    }

    private let subscribers = Subscribers<Request>()

    package init() {}

    /// Reloads every widget of `kind`.
    public func reloadTimelines(ofKind kind: String) { send(.kind(kind)) }

    /// Reloads every widget.
    public func reloadAllTimelines() { send(.all) }

    private func send(_ request: Request) { subscribers.send(request) }

    /// The reload requests made from now on, until the stream is dropped.
    package func requests() -> AsyncStream<Request> { subscribers.stream() }
}
