import ModelStorage

/// A model's stored properties as the store keeps them: each property's value as JSON, by
/// name; a relationship as the rows it refers to (`"Trip/3"`, an array of them for a
/// to-many one). What `@Model`'s generated members read and write.
public struct ModelRow: Sendable {
    var values: [String: String] = [:]
    /// Gives the models a relationship's rows refer to; nil in the first pass of a read,
    /// where relationships read as nil or empty.
    nonisolated(unsafe) var resolve: ((ModelReference) throws -> (any PersistentModel)?)?
    /// Collects the models a row refers to (a save finds the new ones it must insert).
    nonisolated(unsafe) var referenced: [any PersistentModel] = []

    init(values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of the property `key`. An optional the row lacks reads as nil; a
    /// relationship reads as nil or empty until its models are resolved.
    public func value<Value>(forKey key: String) throws -> Value {
        let none = (Value.self as? any OptionalValue.Type)?.none as? Value
        if let relationship = Value.self as? any RelationshipValue.Type {
            guard let resolve else {
                if let empty = relationship.relationshipValue([]) as? Value { return empty }
                throw SwiftDataError(description: "'\(key)' is a \(Value.self), a relationship that is not optional: make it optional (a \(Value.self)?), as SwiftData recommends")
            }
            let models = try references(key).compactMap(resolve)
            guard let value = relationship.relationshipValue(models) as? Value else {
                throw SwiftDataError(description: "the store's '\(key)' does not refer to a \(Value.self)")
            }
            return value
        }
        guard let decodable = Value.self as? any Decodable.Type else {
            if let none { return none }
            throw SwiftDataError(description: "'\(key)' is a \(Value.self), which the store does not keep: make it Codable")
        }
        guard let text = values[key] else {
            if let none { return none }
            throw SwiftDataError(description: "the store has no value for '\(key)'")
        }
        do {
            return try Self.decoder.decode(decodable, from: Data(text.utf8)) as! Value
        } catch {
            throw SwiftDataError(description: "the store's value for '\(key)' is not a \(Value.self): \(error)")
        }
    }

    /// Sets `value` to the relationship `key`'s models, when it is a relationship (what
    /// the second pass of a read does for each property).
    public func relationship<Value>(_ value: inout Value, forKey key: String) throws {
        guard Value.self is any RelationshipValue.Type, resolve != nil else { return }
        value = try self.value(forKey: key)
    }

    /// Sets the property `key` to `value`; a relationship as the rows of its models.
    public mutating func setValue<Value>(_ value: Value, forKey key: String) throws {
        if let relationship = value as? any RelationshipValue {
            let models = relationship.relatedModels
            referenced += models
            values[key] = ModelReference.encode(models.compactMap(ModelReference.init), toMany: type(of: relationship).isToMany)
            return
        }
        guard let encodable = value as? any Encodable else { return }
        values[key] = String(decoding: try Self.encoder.encode(encodable), as: UTF8.self)
    }

    /// The rows the relationship `key` refers to.
    func references(_ key: String) -> [ModelReference] {
        ModelReference.decode(values[key])
    }

    /// Makes the relationship `key` refer to `reference` too: added to a to-many one's
    /// rows, or set as a to-one's row when it refers to none (a to-one that refers to
    /// another model keeps it).
    mutating func include(_ reference: ModelReference, forKey key: String) {
        let text = values[key] ?? "null"
        if text.hasPrefix("[") {
            let rows = references(key)
            guard !rows.contains(reference) else { return }
            values[key] = ModelReference.encode(rows + [reference], toMany: true)
        } else if text == "null" {
            values[key] = ModelReference.encode([reference], toMany: false)
        }
    }

    /// One coder for every property of every row, rather than one made per property.
    private static let decoder = JSONDecoder()
    private static let encoder = JSONEncoder()
}

/// A row a relationship refers to: its model's table and id, as the store keeps it.
typealias ModelReference = ModelStore.Reference

extension ModelStore.Reference {
    /// The row of `model`; nil before it is saved.
    init?(_ model: any PersistentModel) {
        guard let id = model.persistentBackingData.row else { return nil }
        self.init(entity: type(of: model).entityName, id: id)
    }
}

/// An optional's `nil`, for a property a row does not hold.
protocol OptionalValue {
    static var none: Self { get }
}

extension Optional: OptionalValue {}
