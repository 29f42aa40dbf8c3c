import CAccessoryHooks
import Synchronization

/// The entities a store keeps, as Core Data's `NSManagedObjectModel`. A model file
/// (`Name.xcdatamodeld`) in a target built with the `CoreDataModelGeneration` plugin
/// becomes a model registered under its name, which `NSPersistentContainer(name:)` finds
/// as it finds `Name.momd` in the app's bundle on Apple's systems.
open class NSManagedObjectModel: @unchecked Sendable {
    open var entities: [NSEntityDescription] = [] {
        didSet { adopt() }
    }
    /// The entities by name, made when they or their names are set, not at every lookup.
    private var byName: [String: NSEntityDescription] = [:]
    /// The name it was registered under; nil for a model made in code.
    public let registeredName: String?

    public init() {
        registeredName = nil
    }

    /// A model registered under `name`, as the generated code makes it.
    public init(registeredName name: String, entities: [NSEntityDescription]) {
        registeredName = name
        self.entities = entities
        adopt()
    }

    open var entitiesByName: [String: NSEntityDescription] { byName }

    /// Makes the entities this model's and looks them up by name.
    private func adopt() {
        for entity in entities { entity.managedObjectModel = self }
        index()
    }

    /// Looks the entities up by name again.
    func index() {
        byName = Dictionary(entities.compactMap { entity in entity.name.map { ($0, entity) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The model compiled from the model files of every target linked into the program,
    /// merged.
    open class func mergedModel(from bundles: [Bundle]?) -> NSManagedObjectModel? {
        let models = registered
        guard !models.isEmpty else { return nil }
        let merged = NSManagedObjectModel()
        merged.entities = models.sorted { $0.key < $1.key }.flatMap(\.value.entities)
        return merged
    }

    /// The program's registered models, by name: each model file's record in the
    /// `lockscreend_models` section, made once.
    static var registered: [String: NSManagedObjectModel] {
        loaded.withLock { loaded in
            if let loaded { return loaded }
            var models: [String: NSManagedObjectModel] = [:]
            var count = 0
            if let records = accessory_model_records(&count) {
                for record in UnsafeBufferPointer(start: records, count: count) where record.tag == modelRecordTag {
                    guard let make = record.make else { continue }
                    let slot = UnsafeMutablePointer<NSManagedObjectModel>.allocate(capacity: 1)
                    make(slot)
                    let model = slot.move()
                    slot.deallocate()
                    if let name = model.registeredName { models[name] = model }
                }
            }
            loaded = models
            return models
        }
    }

    /// A model's record's tag: "LMDL".
    public static let modelRecordTag: UInt32 = 0x4C4D_444C
    private static let loaded = Mutex<[String: NSManagedObjectModel]?>(nil)
}
