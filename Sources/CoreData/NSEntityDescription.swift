/// An entity: a kind of object the store keeps, its class and its properties, as Core
/// Data's `NSEntityDescription`.
open class NSEntityDescription: @unchecked Sendable {
    open var name: String? {
        didSet { managedObjectModel?.index() }
    }
    /// The class's name, as the model file gives it (`representedClassName`).
    open var managedObjectClassName: String!
    /// The class itself. On Apple's systems Core Data finds it by name through the
    /// Objective-C runtime; here the generated model names it, and an entity made in
    /// code without it is found by its module-qualified name (`NSStringFromClass`).
    open var managedObjectClass: NSManagedObject.Type? {
        get { _class ?? managedObjectClassName.flatMap { NSClassFromString($0) as? NSManagedObject.Type } }
        set { _class = newValue }
    }
    open var properties: [NSPropertyDescription] = [] {
        didSet {
            for property in properties { property.entity = self }
            index()
        }
    }
    /// The model this entity belongs to, once the model holds it.
    open internal(set) weak var managedObjectModel: NSManagedObjectModel?

    private var _class: NSManagedObject.Type?
    /// The properties by name, made when they or their names are set, not at every read or
    /// write of a property.
    private var byName: [String: NSPropertyDescription] = [:]
    private var attributes: [String: NSAttributeDescription] = [:]
    private var relationships: [String: NSRelationshipDescription] = [:]

    public init() {}

    /// Looks the properties up by name again.
    func index() {
        byName = Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        attributes = byName.compactMapValues { $0 as? NSAttributeDescription }
        relationships = byName.compactMapValues { $0 as? NSRelationshipDescription }
    }

    open var propertiesByName: [String: NSPropertyDescription] { byName }
    open var attributesByName: [String: NSAttributeDescription] { attributes }
    open var relationshipsByName: [String: NSRelationshipDescription] { relationships }

    /// The entity named `entityName` in the model of `context`'s container.
    open class func entity(forEntityName entityName: String, in context: NSManagedObjectContext) -> NSEntityDescription? {
        context.persistentStoreCoordinator?.managedObjectModel.entitiesByName[entityName]
    }

    /// A new object of the entity named `entityName`, inserted into `context`. Core Data
    /// raises an exception for a name its model lacks; a daemon must not stop, so this
    /// gives an object of no entity that a save refuses with the name.
    open class func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext) -> NSManagedObject {
        guard let entity = entity(forEntityName: entityName, in: context) else {
            let unknown = NSEntityDescription()
            unknown.name = entityName
            return NSManagedObject(entity: unknown, insertInto: context)
        }
        let type = entity.managedObjectClass ?? NSManagedObject.self
        return type.init(entity: entity, insertInto: context)
    }
}
