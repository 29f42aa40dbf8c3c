import ModelStorage

/// The SQLite store's type, as Core Data names it.
public let NSSQLiteStoreType = "SQLite"
/// A store in memory only.
public let NSInMemoryStoreType = "InMemory"
/// Options Core Data's stores take; accepted here, where a store has no history and sends
/// no remote-change notifications.
public let NSPersistentHistoryTrackingKey = "NSPersistentHistoryTrackingKey"
public let NSPersistentStoreRemoteChangeNotificationPostOptionKey = "NSPersistentStoreRemoteChangeNotificationOptionKey"
public let NSMigratePersistentStoresAutomaticallyOption = "NSMigratePersistentStoresAutomaticallyOption"
public let NSInferMappingModelAutomaticallyOption = "NSInferMappingModelAutomaticallyOption"
public let NSReadOnlyPersistentStoreOption = "NSReadOnlyPersistentStoreOption"

/// Where and how a container keeps its store, as Core Data's
/// `NSPersistentStoreDescription`: a SQLite file at `url` (or memory), read-only for a
/// widget that only reads.
open class NSPersistentStoreDescription: @unchecked Sendable {
    open var url: URL?
    open var type: String = NSSQLiteStoreType
    open var configuration: String?
    /// Whether the store is opened read-only: the file is then never created or written.
    open var isReadOnly = false
    open var timeout: TimeInterval = 240
    open var options: [String: NSObject] = [:]
    /// Accepted: a store is added before `loadPersistentStores` returns.
    open var shouldAddStoreAsynchronously = false
    /// Accepted: the store keeps each object's properties by name and is never migrated.
    open var shouldMigrateStoreAutomatically = true
    open var shouldInferMappingModelAutomatically = true
    /// Accepted: there is no iCloud here; the store stays on this machine.
    open var cloudKitContainerOptions: NSPersistentCloudKitContainerOptions?

    public init() {}

    public init(url: URL) {
        self.url = url
    }

    open func setOption(_ option: NSObject?, forKey key: String) {
        options[key] = option
        if key == NSReadOnlyPersistentStoreOption { isReadOnly = (option as? NSNumber)?.boolValue ?? false }
    }
}

/// CloudKit's container for a store, as Core Data's; accepted, as there is no iCloud here.
open class NSPersistentCloudKitContainerOptions: @unchecked Sendable {
    public let containerIdentifier: String

    public init(containerIdentifier: String) {
        self.containerIdentifier = containerIdentifier
    }
}

extension FileManager {
    /// The folder an App Group shares between an app and its extensions, as Foundation
    /// gives it on Apple's systems: here `<Application Support>/<group>`, the folder
    /// SwiftData's `groupContainer: .identifier(group)` uses, made when missing.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard !groupIdentifier.isEmpty, !groupIdentifier.contains("/"), groupIdentifier != "..",
              let support = ModelStore.applicationSupport else { return nil }
        let folder = support.appendingPathComponent(groupIdentifier, isDirectory: true)
        try? createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
