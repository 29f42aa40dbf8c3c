import Synchronization

/// A class whose instances a `ModelContext` keeps in its container's store, as
/// SwiftData's: `@Model` writes the conformance.
public protocol PersistentModel: AnyObject, Hashable, SendableMetatype {
    /// A model read from the store: each stored property from `backingData`.
    init(backingData: ModelRow) throws
    /// Writes each stored property into `row`.
    func encodeModel(into row: inout ModelRow) throws
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

/// A model's stored properties as the store keeps them: each property's value as JSON, by
/// name. What `@Model`'s generated members read and write.
public struct ModelRow: Sendable {
    var values: [String: String] = [:]

    init(values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of the property `key`. An optional the row lacks reads as nil; a
    /// property of a type the store does not keep (a relationship to other models) reads
    /// as nil or empty.
    public func value<Value>(forKey key: String) throws -> Value {
        let none = (Value.self as? any OptionalValue.Type)?.none as? Value
        guard let decodable = Value.self as? any Decodable.Type else {
            if let none { return none }
            if let list = Value.self as? any ExpressibleByArrayLiteral.Type, let empty = Self.empty(list) as? Value { return empty }
            throw SwiftDataError(description: "'\(key)' is a \(Value.self), which the store does not keep (relationships between models are not kept yet)")
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

    /// Sets the property `key` to `value`; a value the store does not keep (a
    /// relationship to other models) is left out.
    public mutating func setValue<Value>(_ value: Value, forKey key: String) throws {
        guard let encodable = value as? any Encodable else { return }
        values[key] = String(decoding: try Self.encoder.encode(encodable), as: UTF8.self)
    }

    /// One coder for every property of every row, rather than one made per property.
    private static let decoder = JSONDecoder()
    private static let encoder = JSONEncoder()

    private static func empty<List: ExpressibleByArrayLiteral>(_ type: List.Type) -> List { [] }
}

/// An optional's `nil`, for a property a row does not hold.
private protocol OptionalValue {
    static var none: Self { get }
}

extension Optional: OptionalValue {}

/// Why the store could not do what was asked, as SwiftData's `SwiftDataError`.
public struct SwiftDataError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
