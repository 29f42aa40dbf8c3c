/// A property's value that refers to other models: a model, an optional one, or an array
/// of them (SwiftData's to-one and to-many relationships).
public protocol RelationshipValue {
    /// The models the value refers to.
    var relatedModels: [any PersistentModel] { get }
    /// The value referring to `models` (nil when they do not make one: no model for a
    /// model that is not optional, or models of another class).
    static func relationshipValue(_ models: [any PersistentModel]) -> Self?
    /// Whether the value holds any number of models (an array) rather than one at most.
    static var isToMany: Bool { get }
}

extension PersistentModel {
    public var relatedModels: [any PersistentModel] { [self] }
    public static func relationshipValue(_ models: [any PersistentModel]) -> Self? { models.first as? Self }
    public static var isToMany: Bool { false }
    public static var modelInverses: [ModelInverse] { [] }
    public func decodeRelationships(from backingData: ModelRow) throws {}
}

extension Optional: RelationshipValue where Wrapped: RelationshipValue {
    public var relatedModels: [any PersistentModel] { self?.relatedModels ?? [] }

    public static func relationshipValue(_ models: [any PersistentModel]) -> Self? {
        models.isEmpty ? .some(nil) : Wrapped.relationshipValue(models).map { .some($0) }
    }

    public static var isToMany: Bool { Wrapped.isToMany }
}

extension Array: RelationshipValue where Element: PersistentModel {
    public var relatedModels: [any PersistentModel] { map { $0 } }

    public static func relationshipValue(_ models: [any PersistentModel]) -> Self? {
        models.compactMap { $0 as? Element }
    }

    public static var isToMany: Bool { true }
}

/// A relationship declared with `@Relationship(inverse:)`: its key, the class at its
/// other end and that class's key back. A save keeps both ends: a model one end refers to
/// refers back to it, whichever end the app set.
public struct ModelInverse: Sendable {
    public let key: String
    public let type: any PersistentModel.Type
    public let inverseKey: String

    public init(key: String, type: any PersistentModel.Type, inverseKey: String) {
        (self.key, self.type, self.inverseKey) = (key, type, inverseKey)
    }
}
