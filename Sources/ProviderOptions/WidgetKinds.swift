import AppIntentsCore
import FoundationEssentials
import WidgetKitCore

/// The widget kinds a configuration may name, as its reader needs them: each Swift
/// kind's families and `@Parameter`s with a check of given values, and the kinds read
/// with tables (`command`, `http`, …). The composition root makes it from the program's
/// widgets (Providers' `WidgetRegistry.kinds`) and hands it to the reader, which so
/// checks every kind without importing the code that runs them.
package struct WidgetKinds: Sendable {
    /// A kind written in Swift.
    package struct Declared: Sendable {
        package var supportedFamilies: [WidgetFamily]
        package var parameters: [ParameterDescriptor]
        /// Whether the kind reads only the local machine, so its reloads cost nothing.
        package var isLocal: Bool
        /// Checks parameter values given as text by name, as making the widget would.
        package var check: @Sendable (_ values: [String: String]) throws(ParameterError) -> Void

        package init(supportedFamilies: [WidgetFamily], parameters: [ParameterDescriptor], isLocal: Bool, check: @escaping @Sendable (_ values: [String: String]) throws(ParameterError) -> Void) {
            self.supportedFamilies = supportedFamilies
            self.parameters = parameters
            self.isLocal = isLocal
            self.check = check
        }
    }

    /// A kind the daemon reads with tables and arrays rather than declared `@Parameter`s,
    /// by the name `kind = "…"` gives it: one case each, so the reader's switch over them
    /// is exhaustive and no name can lack a reader.
    package enum TableKind: String, Sendable, CaseIterable {
        case calendar, command, homeassistant, http, image, mqtt, push, recorded
    }

    /// The Swift kinds, by name.
    package var declared: [String: Declared]
    /// The table kinds this program has: the stock ones but those a Swift kind of the
    /// same name replaces.
    package var tables: Set<TableKind>
    /// `json` read as a timeline (docs/TIMELINE-JSON.md), or why it is none. For a
    /// `recorded` widget's file.
    package var readTimeline: @Sendable (_ json: Data) -> Result<any Sendable, TimelineProblem>

    /// Why a recorded file is no timeline: each mistake with its JSON path.
    package struct TimelineProblem: Error, CustomStringConvertible {
        package let description: String

        package init(_ description: String) {
            self.description = description
        }
    }

    package init(declared: [String: Declared], readTimeline: @escaping @Sendable (_ json: Data) -> Result<any Sendable, TimelineProblem>) {
        self.declared = declared
        tables = Set(TableKind.allCases.filter { declared[$0.rawValue] == nil })
        self.readTimeline = readTimeline
    }

    /// Every kind's name, sorted.
    package var names: [String] { Set(declared.keys).union(tables.map(\.rawValue)).sorted() }
}
