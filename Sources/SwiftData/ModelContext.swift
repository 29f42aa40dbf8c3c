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
    private var deleted: Set<ModelReference> = []
    /// The inserted models, in the order they were inserted.
    private var inserted: [ObjectIdentifier] = []
    /// What a read found: the store's rows by table, each model read by its row, the
    /// models whose relationships are still to be read, and the model classes by table.
    private var rowCache = ModelStore.RowCache()
    private var byRow: [ModelReference: any PersistentModel] = [:]
    private var unresolved: [(model: any PersistentModel, values: ModelStore.Values)] = []
    private var types: [String: any PersistentModel.Type] = [:]

    public init(_ container: ModelContainer) {
        self.container = container
        for type in container.schema.entities { learn(type) }
    }

    deinit {
        if autosaveEnabled && hasChanges { try? save() }
    }

    public var hasChanges: Bool { !inserted.isEmpty || !deleted.isEmpty }

    public var insertedModelsArray: [any PersistentModel] { inserted.compactMap { registered[$0] } }

    /// Keeps `model` in the store at the next save, with the new models it refers to.
    public func insert<T: PersistentModel>(_ model: T) {
        insertModel(model)
    }

    private func insertModel(_ model: any PersistentModel) {
        let key = ObjectIdentifier(model)
        learn(type(of: model))
        if let reference = ModelReference(model) {
            deleted.remove(reference)
        } else if registered[key] == nil {
            inserted.append(key)
        }
        registered[key] = model
    }

    /// Removes `model` from the store at the next save.
    public func delete<T: PersistentModel>(_ model: T) {
        let key = ObjectIdentifier(model)
        if let reference = ModelReference(model) {
            deleted.insert(reference)
            byRow[reference] = nil
        }
        inserted.removeAll { $0 == key }
        registered[key] = nil
    }

    /// Removes every model of `model` that `predicate` matches (all without one).
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        for found in try fetch(FetchDescriptor<T>(predicate: predicate)) { delete(found) }
    }

    /// The models `descriptor` asks for: the store's rows of `T` (with this context's
    /// unsaved insertions, unless the descriptor leaves them out), filtered by its
    /// predicate, sorted, then cut to its offset and limit. A model this context already
    /// holds is returned as that same object; the models a relationship refers to are
    /// read with it, each once.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        if autosaveEnabled && hasChanges { try save() }
        learn(T.self)
        rowCache.forget()
        var models: [T] = []
        for (id, values) in try rows(of: T.entityName).sorted(by: { $0.key < $1.key }) {
            let reference = ModelReference(entity: T.entityName, id: id)
            guard !deleted.contains(reference) else { continue }
            if let model = byRow[reference] as? T {
                models.append(model)
            } else if let model = try read(T.self, reference, values) as? T {
                models.append(model)
            }
        }
        try readRelationships()
        if descriptor.includePendingChanges {
            models += inserted.compactMap { registered[$0] as? T }
        }
        if let predicate = descriptor.predicate {
            models = try models.filter { try predicate.evaluate($0) }
        }
        if !descriptor.sortBy.isEmpty { models.sort(using: descriptor.sortBy) }
        return Array(models[ModelStore.window(count: models.count, offset: descriptor.fetchOffset ?? 0, limit: descriptor.fetchLimit)])
    }

    /// How many models `descriptor` would fetch.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try fetch(descriptor).count
    }

    /// Knows `type`'s table, and those of the classes its relationships' inverses name.
    private func learn(_ type: any PersistentModel.Type) {
        var queue = [type]
        while let next = queue.popLast() {
            guard types[next.entityName] == nil else { continue }
            types[next.entityName] = next
            queue += next.modelInverses.map(\.type)
        }
    }

    /// The store's rows of `entity`, read once per fetch.
    private func rows(of entity: String) throws -> [Int64: ModelStore.Values] {
        do {
            return try rowCache.rows(of: entity, in: container.store)
        } catch {
            throw SwiftDataError(description: error.description)
        }
    }

    /// A model read from its row, its relationships left for `readRelationships`.
    private func read(_ type: any PersistentModel.Type, _ reference: ModelReference, _ values: ModelStore.Values) throws -> any PersistentModel {
        let model = try type.init(backingData: ModelRow(values: values))
        model.persistentBackingData.row = reference.id
        registered[ObjectIdentifier(model)] = model
        byRow[reference] = model
        unresolved.append((model, values))
        return model
    }

    /// The model of a row a relationship refers to: the one this context holds, else read
    /// from the store; nil when the store has no such row (it was deleted).
    private func model(_ reference: ModelReference) throws -> (any PersistentModel)? {
        if let model = byRow[reference] { return model }
        guard !deleted.contains(reference), let type = types[reference.entity], let values = try rows(of: reference.entity)[reference.id] else { return nil }
        return try read(type, reference, values)
    }

    /// Reads the relationships of every model read since the last call: a model they
    /// refer to is read too and its relationships then, one at a time, so models that
    /// refer to each other are each read once, however long the chain.
    private func readRelationships() throws {
        while let (model, values) = unresolved.popLast() {
            var row = ModelRow(values: values)
            row.resolve = { [unowned self] in try self.model($0) }
            try model.decodeRelationships(from: row)
        }
    }
}

extension ModelContext {
    /// Writes the inserted, read and deleted models in one transaction: the new models
    /// the inserted ones refer to are inserted with them; new models get their rows
    /// first, so relationships can name them; a relationship declared with an inverse
    /// is kept at both ends.
    public func save() throws {
        var queue = Array(registered.values)
        while let model = queue.popLast() {
            var row = ModelRow()
            try model.encodeModel(into: &row)
            // A deleted model is not brought back by one that still refers to it.
            for related in row.referenced where registered[ObjectIdentifier(related)] == nil && !(ModelReference(related).map { deleted.contains($0) } ?? false) {
                insertModel(related)
                queue.append(related)
            }
        }
        let fresh = inserted.compactMap { registered[$0] }
        let models = Array(registered.values)
        do {
            try container.store.transaction { changes throws(ModelStoreError) in
                for model in fresh { model.persistentBackingData.row = try changes.insert(type(of: model).entityName, [:]) }
                var rows: [ModelReference: ModelRow] = [:]
                for model in models {
                    guard let reference = ModelReference(model) else { continue }
                    var row = ModelRow()
                    do { try model.encodeModel(into: &row) } catch { throw ModelStoreError(description: "\(error)") }
                    rows[reference] = row
                }
                Self.keepInverses(&rows, types: models.map { type(of: $0) })
                for (reference, row) in rows { try changes.update(reference.entity, id: reference.id, row.values) }
                for reference in deleted { try changes.delete(reference.entity, id: reference.id) }
            }
        } catch {
            for model in fresh { model.persistentBackingData.row = nil }
            throw SwiftDataError(description: error.description)
        }
        for model in models { if let reference = ModelReference(model) { byRow[reference] = model } }
        inserted.removeAll()
        deleted.removeAll()
    }

    /// Makes each row a declared relationship refers to refer back, whichever end was set.
    private static func keepInverses(_ rows: inout [ModelReference: ModelRow], types: [any PersistentModel.Type]) {
        var pairs: [(from: String, key: String, to: String, back: String)] = []
        var seen: Set<String> = []
        for type in types where seen.insert(type.entityName).inserted {
            for inverse in type.modelInverses {
                pairs.append((type.entityName, inverse.key, inverse.type.entityName, inverse.inverseKey))
                pairs.append((inverse.type.entityName, inverse.inverseKey, type.entityName, inverse.key))
            }
        }
        for (reference, row) in rows {
            for pair in pairs where pair.from == reference.entity {
                for target in row.references(pair.key) where target.entity == pair.to {
                    rows[target]?.include(reference, forKey: pair.back)
                }
            }
        }
    }
}
