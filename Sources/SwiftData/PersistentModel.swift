import Synchronization

/// A class whose instances a `ModelContext` keeps in its container's store, as
/// SwiftData's: `@Model` writes the conformance.
public protocol PersistentModel: AnyObject, Hashable, SendableMetatype, RelationshipValue {
    /// A model read from the store: each stored property from `backingData`.
    init(backingData: ModelRow) throws
    /// Writes each stored property into `row`.
    func encodeModel(into row: inout ModelRow) throws
    /// Reads the properties that refer to other models from `backingData`, once this
    /// model and those it refers to are known to the context (a second pass, so models
    /// that refer to each other are each read once).
    func decodeRelationships(from backingData: ModelRow) throws
    /// The inverse of each relationship declared with `@Relationship(inverse:)`.
    static var modelInverses: [ModelInverse] { get }
    /// The stored properties' names, in declaration order.
    static var modelPropertyNames: [String] { get }
    /// Where the model is in the store, once inserted or fetched.
    var persistentBackingData: ModelBacking { get }
}

extension PersistentModel {
    /// The model's identity in its store; temporary until the model is saved.
    public var persistentModelID: PersistentIdentifier {
        PersistentIdentifier(entityName: Self.entityName, row: persistentBackingData.row, object: ObjectIdentifier(self))
    }

    /// The store's table of this model.
    static var entityName: String { String(describing: self) }

    public static func == (a: Self, b: Self) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A model's identity, as SwiftData's `PersistentIdentifier`.
public struct PersistentIdentifier: Hashable, Sendable, CustomStringConvertible {
    public let entityName: String
    let row: Int64?
    let object: ObjectIdentifier

    public static func == (a: Self, b: Self) -> Bool {
        a.entityName == b.entityName && (a.row != nil && a.row == b.row || a.row == nil && b.row == nil && a.object == b.object)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entityName)
        hasher.combine(row)
    }

    public var description: String { "\(entityName)/\(row.map(String.init) ?? "temporary")" }
}

/// Where a model is kept: its row in the store, once it has one. The `@Model` macro gives
/// each model one.
public final class ModelBacking: Sendable {
    private let stored = Mutex<Int64?>(nil)

    public init() {}

    var row: Int64? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// Why the store could not do what was asked, as SwiftData's `SwiftDataError`.
public struct SwiftDataError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
