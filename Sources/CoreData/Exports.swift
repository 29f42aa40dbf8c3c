// `import CoreData` as widget code writes it: `NSPersistentContainer`, `NSManagedObject`,
// `NSFetchRequest`, `NSPredicate(format:)`, `NSSortDescriptor`, and, as Apple's framework
// does, Foundation. The store is a SQLite file (ModelStorage's `ModelStore`, the one
// SwiftData keeps its models in; docs/WIDGETS.md#coredata).
@_exported import Foundation
// Foundation's names Linux's lacks (`LocalizedStringResource`).
@_exported import FoundationAdditions
