import Synchronization

/// A thing a parameter can refer to, as AppIntents' `AppEntity`: the config file names
/// it by its `id`; its `defaultQuery` lists the ones there are.
public protocol AppEntity: IntentValue, Identifiable where ID: LosslessStringConvertible & Sendable {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var defaultQuery: DefaultQuery { get }
    var displayRepresentation: DisplayRepresentation { get }
}

/// Finds entities, as AppIntents' `EntityQuery`: by identifier, and the suggestions a
/// user picks from (here: what the config file may name).
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    /// What suggestions come as: an array, or an `IntentItemCollection` (iOS 18).
    associatedtype Result: ResultsCollection = [Entity] where Result.Element == Entity
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    func suggestedEntities() async throws -> Result
    /// The entity a parameter without a value gets.
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func defaultResult() async -> Entity? { nil }
}

extension EntityQuery where Result == [Entity] {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

/// What a query's suggestions come as, as AppIntents' `ResultsCollection`.
public protocol ResultsCollection {
    associatedtype Element
    /// The items, in order, sections flattened.
    var items: [Element] { get }
}

extension Array: ResultsCollection {
    public var items: [Element] { self }
}

/// Suggestions in sections, as AppIntents' `IntentItemCollection`; a config file names
/// one value, so the sections are read as one list.
public struct IntentItemCollection<Element>: ResultsCollection {
    public let items: [Element]

    public init(items: [Element]) {
        self.items = items
    }

    public init(sections: [IntentItemSection<Element>]) {
        items = sections.flatMap(\.items)
    }
}

extension IntentItemCollection: Sendable where Element: Sendable {}

/// One section of suggestions.
public struct IntentItemSection<Element> {
    public let items: [Element]

    public init(_ title: LocalizedStringResource, items: [Element]) {
        self.items = items
    }

    public init(items: [Element]) {
        self.items = items
    }
}

/// An `EntityQuery` that also searches by text.
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> Result
}

extension AppEntity {
    public static var intentValueKind: IntentValueKind {
        let known = EntityCatalog.entities(of: Self.self)
        return .enumeration(cases: known.map(\.intentText), titles: known.map(\.displayRepresentation.title))
    }

    /// The query's default result, else its first suggestion, once the query has answered.
    public static var intentDefault: Self? { EntityCatalog.defaultEntity(of: Self.self) }

    /// The entity whose `id` reads `intentText`, among those the query suggested.
    public init?(intentText: String) {
        guard let entity = EntityCatalog.entities(of: Self.self).first(where: { $0.intentText == intentText }) else { return nil }
        self = entity
    }

    public var intentText: String { String(describing: id) }

    public static var intentOptions: IntentOptionsSource? {
        IntentOptionsSource {
            let query = defaultQuery
            let suggested = (try? await query.suggestedEntities().items) ?? []
            let fallback = await query.defaultResult()
            // The default first when the suggestions do not hold it already.
            let extra = fallback.flatMap { d in suggested.contains { $0.intentText == d.intentText } ? nil : d }
            let known = (extra.map { [$0] } ?? []) + suggested
            EntityCatalog.store(known, default: fallback)
            return known.map(\.option)
        }
    }

    private var option: IntentOption { IntentOption(text: intentText, title: displayRepresentation.title) }
}

/// The entities each query answered with, kept for the life of the program so config
/// text can be turned into entities without waiting.
enum EntityCatalog {
    private struct Known: Sendable {
        var entities: [any AppEntity] = []
        var fallback: (any AppEntity)?
    }

    private static let known = Mutex<[ObjectIdentifier: Known]>([:])

    static func store<E: AppEntity>(_ entities: [E], default fallback: E?) {
        known.withLock { $0[ObjectIdentifier(E.self)] = Known(entities: entities, fallback: fallback) }
    }

    static func entities<E: AppEntity>(of type: E.Type) -> [E] {
        known.withLock { $0[ObjectIdentifier(E.self)]?.entities.compactMap { $0 as? E } ?? [] }
    }

    static func defaultEntity<E: AppEntity>(of type: E.Type) -> E? {
        known.withLock { ($0[ObjectIdentifier(E.self)]?.fallback ?? $0[ObjectIdentifier(E.self)]?.entities.first) as? E }
    }
}
