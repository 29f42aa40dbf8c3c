import ModelStorage

extension NSManagedObjectContext {
    /// The objects `request` asks for: the store's rows of its entity (with this
    /// context's unsaved insertions, unless it leaves them out), without the deleted,
    /// filtered by its predicate, sorted, then cut to its offset and limit. An object this
    /// context already holds is returned as that same object.
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        if let failure = request.predicate?.formatFailure { throw CoreDataError.error(NSCoreDataError, failure) }
        guard let name = request.entityName ?? request.entity?.name else {
            throw CoreDataError.error(NSCoreDataError, "a fetch request needs an entity name")
        }
        guard let entity = persistentStoreCoordinator?.managedObjectModel.entitiesByName[name] else {
            throw CoreDataError.error(NSCoreDataError, "the model has no entity \"\(name)\"")
        }
        var objects: [NSManagedObject] = []
        for (row, _) in try storedRows(of: name).sorted(by: { $0.key < $1.key }) {
            if let object = registeredOrStored(NSManagedObjectID(entityName: name, row: row, object: nil)), !deletedObjects.contains(object) {
                objects.append(object)
            }
        }
        if request.includesPendingChanges {
            objects += insertedObjects.filter { $0.entity === entity }.sorted { $0.insertionOrder < $1.insertionOrder }
        }
        if let predicate = request.predicate { objects = objects.filter { predicate.evaluate(with: $0) } }
        objects = (request.sortDescriptors ?? []).sorting(objects)
        // Core Data's limit 0 is no limit.
        let window = ModelStore.window(count: objects.count, offset: request.fetchOffset, limit: request.fetchLimit > 0 ? request.fetchLimit : nil)
        return objects[window].compactMap { $0 as? T }
    }

    /// How many objects `request` would fetch.
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int {
        try fetch(request).count
    }

    /// Writes the inserted, changed and deleted objects in one transaction: new objects
    /// first (so relationships can name their rows), then every changed object's values.
    /// A value that is not of its attribute's type or a required one missing is refused
    /// with the key, and nothing is written.
    public func save() throws {
        guard hasChanges else { return }
        guard let store = persistentStoreCoordinator?.store else {
            throw CoreDataError.error(NSPersistentStoreSaveError, "the context's container has no store: call loadPersistentStores first")
        }
        guard !store.isReadOnly else {
            throw CoreDataError.error(NSPersistentStoreSaveError, "the store is read-only (isReadOnly)")
        }
        let inserted = insertedObjects.sorted { $0.insertionOrder < $1.insertionOrder }
        let changed = registeredObjects.filter { $0.row != nil && !$0.changedKeys.isEmpty && !deletedObjects.contains($0) }
        for object in inserted { object.willSave() }
        for object in changed { object.willSave() }
        var newRows: [(NSManagedObject, Int64)] = []
        do {
            try store.storage.transaction { changes throws(ModelStoreError) in
                for object in inserted {
                    guard object.entity.managedObjectModel != nil, let name = object.entity.name else {
                        throw ModelStoreError(description: "the model has no entity \"\(object.entity.name ?? "")\"")
                    }
                    newRows.append((object, try changes.insert(name, [:])))
                }
                for (object, row) in newRows { object.row = row }
                for object in inserted + changed {
                    let values: ModelStore.Values
                    do { values = try object.storedValues() } catch { throw ModelStoreError(description: (error as NSError).localizedDescription) }
                    try changes.update(object.entity.name ?? "", id: object.row ?? 0, values)
                }
                for object in deletedObjects {
                    if let row = object.row { try changes.delete(object.entity.name ?? "", id: row) }
                }
            }
        } catch {
            for (object, _) in newRows { object.row = nil }
            throw CoreDataError.error(NSPersistentStoreSaveError, error.description)
        }
        // The new objects' identities are their rows now: the registry is keyed again, once.
        if !inserted.isEmpty {
            registered = Dictionary(registered.values.map { ($0.objectID, $0) }, uniquingKeysWith: { first, _ in first })
        }
        for object in deletedObjects {
            registered[object.objectID] = nil
            object.managedObjectContext = nil
        }
        for object in inserted + changed { object.changedKeys = [] }
        insertedObjects = []
        deletedObjects = []
        refreshAllObjects()
        for object in inserted + changed { object.didSave() }
    }

    /// The store's rows of `entity` as they are now (another process may have written).
    private func storedRows(of entity: String) throws -> [Int64: ModelStore.Values] {
        refreshAllObjects()
        return try rows(of: entity)
    }
}
