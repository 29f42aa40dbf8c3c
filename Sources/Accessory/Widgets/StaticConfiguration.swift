import AppIntentsCore
import FoundationEssentials
import Synchronization

/// A widget with no user-settable parameters, as WidgetKit's `StaticConfiguration`.
public struct StaticConfiguration<Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor
    var offer: WidgetOffer { .widget(descriptor) }

    /// A widget of `kind`, its entries from `provider`, each drawn by `content`.
    public init<Provider: TimelineProvider>(
        kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {
        let factory = ViewFactory<Provider.Entry, Content>(make: content)
        let instance = WidgetInstance(
            content: factory,
            placeholder: { provider.placeholder(in: $0) },
            snapshot: { context in await CompletionBridge.call { provider.getSnapshot(in: context, completion: $0) } },
            timeline: { context in await CompletionBridge.call { provider.getTimeline(in: context, completion: $0) } })
        descriptor = WidgetDescriptor(
            kind: kind, displayName: kind, description: "", supportedFamilies: WidgetFamily.accessoryFamilies,
            parameters: [], instantiate: { (values: [String: String]) throws(ParameterError) in
                if let name = values.keys.sorted().first { throw ParameterError.unknown(name: name, known: []) }
                return instance
            }, draw: factory.draw)
    }
}

/// Turns a completion-handler call into an async one. A provider that calls its
/// completion twice is not trusted to crash the daemon: later calls are ignored.
enum CompletionBridge {
    static func call<T: Sendable>(_ body: (@escaping @Sendable (T) -> Void) -> Void) async -> T {
        await withCheckedContinuation { continuation in
            let resumed = Mutex(false)
            body { value in
                let first = resumed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: value) }
            }
        }
    }
}
