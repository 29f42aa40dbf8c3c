import Accessory
import AppIntentsCore  // for ParameterError
import FoundationEssentials
import ProviderOptions

/// The widget kinds a program runs: the Swift widgets (the built-in ones and those of any
/// bundle a custom daemon adds), described by their `@Parameter`s, beside the kinds read
/// with tables (`WidgetKinds.TableKind`). It tells the configuration's reader what each
/// kind takes (`kinds`) and makes the running widget of each specification the reader
/// returns (`widget(for:boards:)`).
package struct WidgetRegistry: Sendable {
    package private(set) var descriptors: [String: WidgetDescriptor] = [:]

    package init(bundles: [any WidgetBundle]) {
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
        for descriptor in added { registry.descriptors[descriptor.kind] = descriptor }
        return registry
    }

    /// What the configuration's reader needs of every kind.
    package var kinds: WidgetKinds {
        let declared = descriptors.mapValues { descriptor in
            let instantiate = descriptor.instantiate
            return WidgetKinds.Declared(supportedFamilies: descriptor.supportedFamilies, parameters: descriptor.parameters, isLocal: Self.isLocal(descriptor.kind)) { (values: [String: String]) throws(ParameterError) in
                _ = try instantiate(values)
            }
        }
        return WidgetKinds(declared: declared) { json in
            do {
                return .success(try TimelineJSON.decode(json, now: Date(timeIntervalSince1970: 0)))
            } catch {
                return .failure(WidgetKinds.TimelineProblem("\(error)"))
            }
        }
    }

    /// Every kind's name, sorted.
    package var names: [String] { kinds.names }

    /// Whether `kind` ships with lockscreend and reads only the local machine, so its
    /// reloads are not budgeted.
    package static func isLocal(_ kind: String) -> Bool { BuiltInWidgets.localKinds.contains(kind) || kind.hasPrefix("demo.") }
}
