import ModelStorage
import Synchronization

/// A model, its store and the contexts reading it, as Core Data's
/// `NSPersistentContainer`: `NSPersistentContainer(name: "Model")` finds the model of
/// `Model.xcdatamodeld` (compiled into the program by the `CoreDataModelGeneration`
/// plugin) and keeps it in `<Application Support>/Model.sqlite` unless a description
/// says where.
open class NSPersistentContainer: @unchecked Sendable {
    public let name: String
    public let managedObjectModel: NSManagedObjectModel
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    open var persistentStoreDescriptions: [NSPersistentStoreDescription]
    private let main = Mutex<NSManagedObjectContext?>(nil)
    /// Why the model could not be found; reported by `loadPersistentStores`.
    private let modelFailure: String?

    /// The container of the model registered as `name`. Core Data stops the program when
    /// there is none; a daemon must not, so `loadPersistentStores` reports it instead.
    public convenience init(name: String) {
        if let model = NSManagedObjectModel.registered[name] {
            self.init(name: name, managedObjectModel: model)
        } else {
            self.init(name: name, managedObjectModel: NSManagedObjectModel(), failure: "no data model named \"\(name)\": add \(name).xcdatamodeld to the target and build it with the CoreDataModelGeneration plugin")
        }
    }

    public convenience init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.init(name: name, managedObjectModel: model, failure: nil)
    }

    private init(name: String, managedObjectModel model: NSManagedObjectModel, failure: String?) {
        self.name = name
        managedObjectModel = model
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        persistentStoreDescriptions = [NSPersistentStoreDescription(url: Self.defaultDirectoryURL().appendingPathComponent(name + ".sqlite"))]
        modelFailure = failure
    }

    /// Where stores go by default: Foundation's Application Support folder
    /// (`$XDG_DATA_HOME`, else `~/.local/share`).
    open class func defaultDirectoryURL() -> URL {
        ModelStore.applicationSupport ?? URL(fileURLWithPath: NSTemporaryDirectory())
    }

    /// Opens each described store, calling `block` with each description and the error
    /// that stopped it (nil when it opened), before returning.
    open func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) {
        for description in persistentStoreDescriptions {
            if let modelFailure {
                block(description, CoreDataError.error(NSPersistentStoreOpenError, modelFailure))
                continue
            }
            do {
                _ = try persistentStoreCoordinator.add(type: description.type, url: description.url, readOnly: description.isReadOnly)
                block(description, nil)
            } catch {
                block(description, error)
            }
        }
    }

    /// The context of the main queue, made on first use.
    open var viewContext: NSManagedObjectContext {
        main.withLock { main in
            if let main { return main }
            let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
            context.persistentStoreCoordinator = persistentStoreCoordinator
            main = context
            return context
        }
    }

    open func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }

    /// Runs `block` with a new background context, at once on the calling thread.
    open func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) {
        block(newBackgroundContext())
    }

    open func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) throws -> T) async rethrows -> T {
        try block(newBackgroundContext())
    }
}

/// A container syncing through CloudKit on Apple's systems; here, with no iCloud, a
/// container like any other.
open class NSPersistentCloudKitContainer: NSPersistentContainer, @unchecked Sendable {
    /// Accepted: there is no CloudKit schema to make here.
    open func initializeCloudKitSchema(options: Int = 0) throws {}
}
