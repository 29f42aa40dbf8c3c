import Accessory
import Providers

/// The widget kinds a configuration can name, one entry each: the Swift widgets (the
/// built-in ones and those of any bundle a custom daemon adds), described by their
/// `@Parameter`s, and the provider kinds read with tables and arrays (`ProviderKind`).
package struct WidgetRegistry: Sendable {
    package private(set) var descriptors: [String: WidgetDescriptor] = [:]
    package private(set) var providers: [String: ProviderKind] = [:]

    package init(bundles: [any WidgetBundle], providers: [ProviderKind] = ProviderKind.standard) {
        for provider in providers { self.providers[provider.name] = provider }
        for bundle in bundles {
            for descriptor in bundle.descriptors { descriptors[descriptor.kind] = descriptor }
        }
    }

    /// The kinds a custom daemon adds to the stock ones (`LockScreenDaemon.main(bundles:)`),
    /// for the command running inside it.
    @TaskLocal package static var added: [WidgetDescriptor] = []

    /// The kinds that ship with lockscreend, reading the machine under `systemRoot`, and
    /// those a custom daemon added (which win over a stock kind of the same name).
    package static func standard(systemRoot: String = "/") -> WidgetRegistry {
        let stats = SystemStats(root: systemRoot)
        var registry = WidgetRegistry(bundles: [BuiltInWidgets(stats: stats), DemoWidgets(stats: stats)])
        for descriptor in added {
            registry.descriptors[descriptor.kind] = descriptor
            registry.providers[descriptor.kind] = nil
        }
        return registry
    }

    /// Every kind's name, sorted.
    package var kinds: [String] { Set(descriptors.keys).union(providers.keys).sorted() }

    /// Whether `kind` ships with lockscreend and reads only the local machine, so its
    /// reloads are not budgeted.
    package func isLocal(_ kind: String) -> Bool { BuiltInWidgets.localKinds.contains(kind) || kind.hasPrefix("demo.") }
}
