import Accessory
import AppIntentsCore  // for ParameterError
import FoundationEssentials
import ProviderOptions
import Synchronization

/// The widget kinds a program runs: the Swift widgets (the built-in ones and those of any
/// bundle a custom daemon adds), described by their `@Parameter`s, beside the kinds read
/// with tables (`WidgetKinds.TableKind`). It tells the configuration's reader what each
/// kind takes (`kinds`) and makes the running widget of each specification the reader
/// returns (`widget(for:boards:)`).
package struct WidgetRegistry: Sendable {
    /// Every kind's descriptor, by name.
    package var descriptors: [String: WidgetDescriptor] { table.descriptors }
    private let table: Table

    package init(bundles: [any WidgetBundle]) {
        var descriptors: [String: WidgetDescriptor] = [:]
        for bundle in bundles {
            for descriptor in bundle.descriptors { descriptors[descriptor.kind] = descriptor }
        }
        let made = descriptors
        table = Table { made }
    }

    /// The kinds a custom daemon adds to the stock ones (`LockScreenDaemon.main(bundles:)`),
    /// for the command running inside it.
    @TaskLocal package static var added: [WidgetDescriptor] = []

    /// The kinds that ship with lockscreend, reading the machine under `systemRoot`, and
    /// those a custom daemon added (which win over a stock kind of the same name).
    ///
    /// Described when first asked for, not here: evaluating the built-in bundles' bodies
    /// was 2.6 % of the start (`perf`, docs/PERFORMANCE.md), and the demo — `lockscreend`
    /// with no configuration file — never asks.
    package static func standard(systemRoot: String = "/") -> WidgetRegistry {
        let added = self.added
        return WidgetRegistry(table: Table {
            let stats = SystemStats(root: systemRoot)
            var descriptors = WidgetRegistry(bundles: [BuiltInWidgets(stats: stats), DemoWidgets(stats: stats)]).descriptors
            for descriptor in added { descriptors[descriptor.kind] = descriptor }
            return descriptors
        })
    }

    private init(table: Table) { self.table = table }

    /// The descriptors, made once on first use.
    private final class Table: Sendable {
        private let state: Mutex<[String: WidgetDescriptor]?>
        private let make: @Sendable () -> [String: WidgetDescriptor]

        init(make: @escaping @Sendable () -> [String: WidgetDescriptor]) {
            state = Mutex(nil)
            self.make = make
        }

        var descriptors: [String: WidgetDescriptor] {
            state.withLock { state in
                if let state { return state }
                let made = make()
                state = made
                return made
            }
        }
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
