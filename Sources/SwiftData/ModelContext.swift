import ModelStorage

/// Reads, inserts, changes and deletes models of a container, as SwiftData's
/// `ModelContext`: changes are kept until `save()` (or, with `autosaveEnabled`, at each
/// fetch and at the end of the context's life) and written in one transaction.
public final class ModelContext {
    public let container: ModelContainer
    public var autosaveEnabled = false
    /// The models this context inserted or read, by identity: what `save()` writes.
    private var registered: [ObjectIdentifier: any PersistentModel] = [:]
    /// The rows to delete, by table: kept by row, not by object, as a deleted model's
    /// object may be gone and its address given to a new one.
    private var deleted: Set<StoredRow> = []
    private var inserted: Set<ObjectIdentifier> = []

    public init(_ container: ModelContainer) {
        self.container = container
    }

    deinit {
        if autosaveEnabled && hasChanges { try? save() }
    }

    public var hasChanges: Bool { !inserted.isEmpty || !deleted.isEmpty }

    public var insertedModelsArray: [any PersistentModel] { inserted.compactMap { registered[$0] } }

    /// Keeps `model` in the store at the next save.
    public func insert<T: PersistentModel>(_ model: T) {
        let key = ObjectIdentifier(model)
        registered[key] = model
        if let row = model.persistentBackingData.row {
            deleted.remove(StoredRow(entity: T.entityName, id: row))
        } else {
            inserted.insert(key)
        }
    }

    /// Removes `model` from the store at the next save.
    public func delete<T: PersistentModel>(_ model: T) {
        let key = ObjectIdentifier(model)
        if let row = model.persistentBackingData.row { deleted.insert(StoredRow(entity: T.entityName, id: row)) }
        inserted.remove(key)
        registered[key] = nil
    }

    /// Removes every model of `model` that `predicate` matches (all without one).
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        for found in try fetch(FetchDescriptor<T>(predicate: predicate)) { delete(found) }
    }

    /// Writes the inserted, read and deleted models.
    public func save() throws {
        let models = Array(registered.values)
        var writes: [(entity: String, id: Int64?, values: ModelStore.Values)] = []
        for model in models {
            var row = ModelRow()
            try model.encodeModel(into: &row)
            writes.append((type(of: model).entityName, model.persistentBackingData.row, row.values))
        }
        let ids: [Int64]
        do {
            ids = try container.store.save(writes: writes, deletes: deleted.map { ($0.entity, $0.id) })
        } catch {
            throw SwiftDataError(description: error.description)
        }
        for (model, id) in zip(models, ids) { model.persistentBackingData.row = id }
        inserted.removeAll()
        deleted.removeAll()
    }

    /// The models `descriptor` asks for: the store's rows of `T` (with this context's
    /// unsaved insertions, unless the descriptor leaves them out), filtered by its
    /// predicate, sorted, then cut to its offset and limit. A model this context already
    /// holds is returned as that same object.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        if autosaveEnabled && hasChanges { try save() }
        var models: [T] = []
        let held = Dictionary(registered.values.compactMap { $0 as? T }.compactMap { model in model.persistentBackingData.row.map { ($0, model) } }, uniquingKeysWith: { a, _ in a })
        let gone = Set(deleted.filter { $0.entity == T.entityName }.map(\.id))
        let rows: [(id: Int64, values: ModelStore.Values)]
        do {
            rows = try container.store.rows(of: T.entityName)
        } catch {
            throw SwiftDataError(description: error.description)
        }
        for (id, values) in rows where !gone.contains(id) {
            if let model = held[id] {
                models.append(model)
                continue
            }
            let model = try T(backingData: ModelRow(values: values))
            model.persistentBackingData.row = id
            registered[ObjectIdentifier(model)] = model
            models.append(model)
        }
        if descriptor.includePendingChanges {
            models += inserted.compactMap { registered[$0] as? T }
        }
        if let predicate = descriptor.predicate {
            models = try models.filter { try predicate.evaluate($0) }
        }
        if !descriptor.sortBy.isEmpty { models.sort(using: descriptor.sortBy) }
        let start = min(max(descriptor.fetchOffset ?? 0, 0), models.count)
        let end = descriptor.fetchLimit.map { min(start + max($0, 0), models.count) } ?? models.count
        return Array(models[start..<end])
    }

    /// How many models `descriptor` would fetch.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try fetch(descriptor).count
    }
}

/// A model's row in the store: its table and id.
private struct StoredRow: Hashable {
    let entity: String
    let id: Int64
}
