import ModelStorage
import Synchronization

/// A store a coordinator opened, as Core Data's `NSPersistentStore`.
open class NSPersistentStore: @unchecked Sendable {
    public let url: URL?
    public let type: String
    public let isReadOnly: Bool
    let storage: ModelStore

    init(url: URL?, type: String, isReadOnly: Bool, storage: ModelStore) {
        (self.url, self.type, self.isReadOnly, self.storage) = (url, type, isReadOnly, storage)
    }
}

/// The model and the store a container's contexts read and write, as Core Data's
/// `NSPersistentStoreCoordinator` (one store each here).
open class NSPersistentStoreCoordinator: @unchecked Sendable {
    public let managedObjectModel: NSManagedObjectModel
    private let stores = Mutex<[NSPersistentStore]>([])

    public init(managedObjectModel model: NSManagedObjectModel) {
        managedObjectModel = model
    }

    open var persistentStores: [NSPersistentStore] { stores.withLock { $0 } }

    /// Opens the store of `type` at `url`: a SQLite file (created unless read-only; a
    /// read-only store whose file is missing reads as empty), or memory.
    @discardableResult
    open func addPersistentStore(ofType storeType: String, configurationName configuration: String?, at storeURL: URL?, options: [AnyHashable: Any]? = nil) throws -> NSPersistentStore {
        let readOnly = (options?[NSReadOnlyPersistentStoreOption] as? Bool) ?? ((options?[NSReadOnlyPersistentStoreOption] as? NSNumber)?.boolValue ?? false)
        return try add(type: storeType, url: storeURL, readOnly: readOnly)
    }

    func add(type: String, url: URL?, readOnly: Bool) throws -> NSPersistentStore {
        guard type == NSSQLiteStoreType || type == NSInMemoryStoreType else {
            throw CoreDataError.error(NSPersistentStoreOpenError, "a store of type \"\(type)\" is not kept here: use NSSQLiteStoreType or NSInMemoryStoreType")
        }
        let file = type == NSInMemoryStoreType ? nil : url
        guard type == NSInMemoryStoreType || file != nil else {
            throw CoreDataError.error(NSPersistentStoreOpenError, "a SQLite store needs a URL")
        }
        do {
            let store = NSPersistentStore(url: file, type: type, isReadOnly: readOnly, storage: try ModelStore(url: file, allowsSave: !readOnly))
            stores.withLock { $0.append(store) }
            return store
        } catch {
            throw CoreDataError.error(NSPersistentStoreOpenError, error.description)
        }
    }

    /// The identity a `uriRepresentation()` of a saved object names.
    open func managedObjectID(forURIRepresentation url: URL) -> NSManagedObjectID? { NSManagedObjectID.saved(url) }

    /// The store objects are read from and written to: the first added.
    var store: NSPersistentStore? { stores.withLock { $0.first } }
}
