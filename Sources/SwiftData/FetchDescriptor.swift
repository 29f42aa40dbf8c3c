/// Which models a fetch wants, in which order and how many, as SwiftData's
/// `FetchDescriptor`: the predicate is Foundation's `#Predicate`, evaluated for each model.
/// Its key paths are immutable values: sent across tasks, as Apple's descriptor is.
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    public var fetchLimit: Int?
    public var fetchOffset: Int?
    public var includePendingChanges = true
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        (self.predicate, self.sortBy) = (predicate, sortBy)
    }
}
