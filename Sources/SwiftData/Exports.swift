// `import SwiftData` as widget code writes it: `@Model` classes, `ModelContainer`,
// `ModelConfiguration`, `ModelContext`, `FetchDescriptor`, and, as Apple's framework
// does, Foundation, whose `#Predicate` and `SortDescriptor` a fetch takes. The store is a
// SQLite file (ModelStorage's `ModelStore`, docs/WIDGETS.md#swiftdata).
@_exported import Foundation
// Foundation's names Linux's lacks (`LocalizedStringResource`).
@_exported import FoundationAdditions
