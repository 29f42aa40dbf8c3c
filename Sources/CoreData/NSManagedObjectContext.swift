import ModelStorage

/// Reads, inserts, changes and deletes a store's objects, as Core Data's
/// `NSManagedObjectContext`: changes are kept until `save()` and written in one
/// transaction. A context is used from one thread at a time, as Core Data asks;
/// `perform` and `performAndWait` run their block at once on the calling thread.
open class NSManagedObjectContext: @unchecked Sendable {
    public enum ConcurrencyType: UInt, Sendable {
        case confinementConcurrencyType, privateQueueConcurrencyType, mainQueueConcurrencyType
    }

    public let concurrencyType: ConcurrencyType
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator?
    /// Accepted: a child context here reads and writes its coordinator's store directly.
    open var parent: NSManagedObjectContext?
    open var name: String?
    open var automaticallyMergesChangesFromParent = false
    open var mergePolicy: Any = NSMergePolicy.error
    open var transactionAuthor: String?
    open var stalenessInterval: TimeInterval = -1
    open var undoManager: AnyObject?

    /// The objects read or inserted, by their identity in the store (saved ones) or
    /// their own (new ones).
    var registered: [NSManagedObjectID: NSManagedObject] = [:]
    public internal(set) var insertedObjects: Set<NSManagedObject> = []
    public internal(set) var deletedObjects: Set<NSManagedObject> = []
    /// The store's rows by entity, read once per fetch.
    private var rowCache = ModelStore.RowCache()
    /// How many objects were inserted, so new objects are fetched and saved in order.
    private var insertions = 0

    public init(concurrencyType type: ConcurrencyType) {
        concurrencyType = type
    }

    open var registeredObjects: Set<NSManagedObject> { Set(registered.values) }
    open var updatedObjects: Set<NSManagedObject> { Set(registered.values.filter { $0.isUpdated }) }
    open var hasChanges: Bool { !insertedObjects.isEmpty || !deletedObjects.isEmpty || registered.values.contains { $0.isUpdated } }

    open func perform(_ block: @escaping () -> Void) { block() }
    open func performAndWait(_ block: () -> Void) { block() }
    open func performAndWait<T>(_ block: () throws -> T) rethrows -> T { try block() }
    open func perform<T>(schedule: ScheduledTaskType = .immediate, _ block: () throws -> T) async rethrows -> T { try block() }

    /// When `perform(schedule:_:)` runs its block: at once here.
    public enum ScheduledTaskType: Sendable { case immediate, enqueued }

    open func insert(_ object: NSManagedObject) {
        object.managedObjectContext = self
        registered[object.objectID] = object
        if object.row == nil, insertedObjects.insert(object).inserted {
            insertions += 1
            object.insertionOrder = insertions
        }
        deletedObjects.remove(object)
    }

    /// Removes `object` at the next save; its relationships' inverses let go of it.
    open func delete(_ object: NSManagedObject) {
        object.prepareForDeletion()
        for relationship in object.entity.relationshipsByName.values {
            object.setDestinations([], of: relationship)
        }
        if insertedObjects.remove(object) != nil {
            registered[object.objectID] = nil
            object.managedObjectContext = nil
        } else {
            deletedObjects.insert(object)
        }
    }

    /// Called by an object whose values changed.
    func changed(_ object: NSManagedObject) {}

    /// The object of `objectID`: the one this context holds, else read from the store
    /// (an object of no values when the store has no such row, as Core Data gives a
    /// fault that fails when fired).
    open func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        if let object = registeredOrStored(objectID) { return object }
        let entity = persistentStoreCoordinator?.managedObjectModel.entitiesByName[objectID.entityName] ?? NSEntityDescription()
        return (entity.managedObjectClass ?? NSManagedObject.self).init(entity: entity, insertInto: nil)
    }

    /// The object of `objectID`, or an error when the store has none.
    open func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        guard let object = registeredOrStored(objectID) else {
            throw CoreDataError.error(NSManagedObjectReferentialIntegrityError, "the store has no object \(objectID)")
        }
        return object
    }

    /// The object this context holds under `id`, else the store's row made an object.
    func registeredOrStored(_ id: NSManagedObjectID) -> NSManagedObject? {
        if let object = registered[id] { return object }
        guard let row = id.row, let entity = persistentStoreCoordinator?.managedObjectModel.entitiesByName[id.entityName],
              let values = (try? rows(of: id.entityName))?[row] else { return nil }
        return materialize(entity, row: row, values: values)
    }

    private func materialize(_ entity: NSEntityDescription, row: Int64, values: ModelStore.Values) -> NSManagedObject {
        let object = (entity.managedObjectClass ?? NSManagedObject.self).init(entity: entity, insertInto: nil)
        object.load(values, row: row)
        object.managedObjectContext = self
        registered[object.objectID] = object
        object.awakeFromFetch()
        return object
    }

    func rows(of entity: String) throws -> [Int64: ModelStore.Values] {
        guard let store = persistentStoreCoordinator?.store else {
            throw CoreDataError.error(NSPersistentStoreOpenError, "the context's container has no store: call loadPersistentStores first")
        }
        do {
            return try rowCache.rows(of: entity, in: store.storage)
        } catch {
            throw CoreDataError.error(NSCoreDataError, error.description)
        }
    }

    /// Forgets what was read, so the next fetch reads the store again (another process
    /// may have written it).
    open func refreshAllObjects() {
        rowCache.forget()
    }

    open func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {
        rowCache.forget(object.entity.name ?? "")
    }

    /// Forgets every object and change.
    open func reset() {
        registered = [:]
        insertedObjects = []
        deletedObjects = []
        rowCache.forget()
    }

    /// Drops the changes since the last save.
    open func rollback() {
        for object in insertedObjects { registered[object.objectID] = nil }
        insertedObjects = []
        deletedObjects = []
        let changed = registered.values.filter { $0.isUpdated }
        rowCache.forget()
        for object in changed {
            guard let name = object.entity.name, let row = object.row, let values = (try? rows(of: name))?[row] else { continue }
            object.attributes = [:]
            object.relations = [:]
            object.load(values, row: row)
        }
    }
}

/// How a save meets changes another context made, as Core Data's `NSMergePolicy`;
/// accepted: a save here writes this context's values.
open class NSMergePolicy: @unchecked Sendable {
    public static let error = NSMergePolicy()
    public static let mergeByPropertyStoreTrump = NSMergePolicy()
    public static let mergeByPropertyObjectTrump = NSMergePolicy()
    public static let overwrite = NSMergePolicy()
    public static let rollback = NSMergePolicy()
}

public let NSErrorMergePolicy: NSMergePolicy = NSMergePolicy.error
public let NSMergeByPropertyStoreTrumpMergePolicy: NSMergePolicy = NSMergePolicy.mergeByPropertyStoreTrump
public let NSMergeByPropertyObjectTrumpMergePolicy: NSMergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
public let NSOverwriteMergePolicy: NSMergePolicy = NSMergePolicy.overwrite
public let NSRollbackMergePolicy: NSMergePolicy = NSMergePolicy.rollback
