/// What a fetch can give: managed objects (Core Data also gives dictionaries, IDs and
/// counts; a fetch here gives objects). Requests are not constrained to it, as Swift lets
/// only Objective-C's protocols stand for themselves: `NSFetchRequest<NSFetchRequestResult>`,
/// which Core Data's own code and apps write, needs that.
public protocol NSFetchRequestResult: AnyObject {}

/// A request of a context's store, as Core Data's `NSPersistentStoreRequest`.
open class NSPersistentStoreRequest: @unchecked Sendable {
    public init() {}
}

/// What to fetch: an entity's objects meeting a predicate, sorted, cut to an offset and a
/// limit, as Core Data's `NSFetchRequest`.
open class NSFetchRequest<ResultType>: NSPersistentStoreRequest, @unchecked Sendable {
    open var entityName: String?
    open var entity: NSEntityDescription? {
        get { _entity }
        set {
            _entity = newValue
            if let name = newValue?.name { entityName = name }
        }
    }
    open var predicate: NSPredicate?
    open var sortDescriptors: [NSSortDescriptor]?
    /// At most this many objects; 0 for no limit.
    open var fetchLimit = 0
    open var fetchOffset = 0
    /// Accepted: objects are read whole here, not in batches.
    open var fetchBatchSize = 0
    /// Whether the context's unsaved insertions are among the results.
    open var includesPendingChanges = true
    /// Accepted: objects are read whole here, never as faults.
    open var returnsObjectsAsFaults = true
    open var relationshipKeyPathsForPrefetching: [String]?
    open var propertiesToFetch: [Any]?
    open var includesSubentities = true

    private var _entity: NSEntityDescription?

    public override init() {
        super.init()
    }

    public convenience init(entityName: String) {
        self.init()
        self.entityName = entityName
    }
}
