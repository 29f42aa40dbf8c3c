/// An object the store keeps, as Core Data's `NSManagedObject`: its entity's attributes
/// and relationships, read and set by name (`value(forKey:)`, `setValue(_:forKey:)`) or
/// through the properties the `CoreDataModelGeneration` plugin gives its class, as Xcode's
/// code generation does. On Apple's systems `@NSManaged` makes those properties through
/// the Objective-C runtime; Linux has none (such a property type-checks and fails to
/// link), so the plugin writes each property as reads and writes of these values.
open class NSManagedObject: NSObject, NSFetchRequestResult {
    public let entity: NSEntityDescription
    /// The context the object belongs to; nil once it is deleted and saved, or never inserted.
    open internal(set) weak var managedObjectContext: NSManagedObjectContext?
    /// The attributes' values as each type is held (`AttributeCoding`).
    var attributes: [String: Any] = [:]
    /// The relationships' destinations: objects, or the store's identities until read.
    var relations: [String: Related] = [:]
    /// The row, once saved or fetched.
    var row: Int64?
    /// The keys changed since the last save.
    var changedKeys: Set<String> = []
    /// Where it came among its context's insertions.
    var insertionOrder = 0

    enum Related {
        case objects([NSManagedObject])
        case stored([NSManagedObjectID])
    }

    /// A new object of `entity`, inserted into `context` when one is given; each attribute
    /// holds its default.
    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        self.entity = entity
        super.init()
        for attribute in entity.properties.compactMap({ $0 as? NSAttributeDescription }) {
            if let value = attribute.defaultValue { attributes[attribute.name] = AttributeCoding.canonical(value, as: attribute.attributeType) ?? value }
        }
        if let context {
            context.insert(self)
            awakeFromInsert()
        }
    }

    /// A new object of this class's entity in `context`'s model, inserted into it.
    public convenience init(context: NSManagedObjectContext) {
        let model = context.persistentStoreCoordinator?.managedObjectModel
        self.init(entity: model.flatMap { Self.entity(in: $0) } ?? Self.entity(), insertInto: context)
    }

    /// The entity whose class this is, in the program's models.
    open class func entity() -> NSEntityDescription {
        for model in NSManagedObjectModel.registered.values {
            if let entity = entity(in: model) { return entity }
        }
        let entity = NSEntityDescription()
        entity.name = String(describing: self)
        entity.managedObjectClass = self
        return entity
    }

    static func entity(in model: NSManagedObjectModel) -> NSEntityDescription? {
        model.entities.first { $0.managedObjectClass.map { $0 == self } ?? false }
    }

    /// A request for every object of this class's entity.
    open class func fetchRequest() -> NSFetchRequest<NSFetchRequestResult> {
        NSFetchRequest(entityName: entity().name ?? String(describing: self))
    }

    open var objectID: NSManagedObjectID {
        NSManagedObjectID(entityName: entity.name ?? "", row: row, object: ObjectIdentifier(self))
    }

    open var isInserted: Bool { managedObjectContext?.insertedObjects.contains(self) ?? false }
    open var isUpdated: Bool { row != nil && !changedKeys.isEmpty && !isDeleted }
    open var isDeleted: Bool { managedObjectContext?.deletedObjects.contains(self) ?? false }
    open var hasChanges: Bool { isInserted || isUpdated || isDeleted }
    /// Objects here are read whole: never a fault.
    open var isFault: Bool { false }

    /// The value of the attribute or relationship `key`: an attribute as its type holds
    /// it, a to-one relationship's object, a to-many's `NSSet` (`NSOrderedSet` when
    /// ordered); nil for a key the entity lacks.
    open func value(forKey key: String) -> Any? {
        if let relationship = entity.relationshipsByName[key] {
            let objects = destinations(key)
            if !relationship.isToMany { return objects.first }
            return relationship.isOrdered ? NSOrderedSet(array: objects) : NSSet(array: objects)
        }
        return attributes[key]
    }

    /// The value at a dotted path through to-one relationships (`"trip.name"`).
    open func value(forKeyPath keyPath: String) -> Any? {
        var current: Any? = self
        for key in keyPath.split(separator: ".") {
            guard let object = current as? NSManagedObject else { return nil }
            current = object.value(forKey: String(key))
        }
        return current
    }

    /// Sets the attribute or relationship `key`. A value that is not of the attribute's
    /// type is kept as given and refused by the next save, with the key; the inverse of a
    /// relationship is kept up to date, as Core Data keeps it.
    open func setValue(_ value: Any?, forKey key: String) {
        changedKeys.insert(key)
        managedObjectContext?.changed(self)
        if let relationship = entity.relationshipsByName[key] {
            let objects: [NSManagedObject] = switch value {
            case let object as NSManagedObject: [object]
            case let set as NSSet: set.allObjects.compactMap { $0 as? NSManagedObject }
            case let set as NSOrderedSet: set.array.compactMap { $0 as? NSManagedObject }
            case let array as [NSManagedObject]: array
            default: []
            }
            setDestinations(objects, of: relationship)
            return
        }
        guard let value else {
            attributes[key] = nil
            return
        }
        let type = entity.attributesByName[key]?.attributeType ?? .undefinedAttributeType
        attributes[key] = AttributeCoding.canonical(value, as: type) ?? value
    }

    open func primitiveValue(forKey key: String) -> Any? { value(forKey: key) }
    open func setPrimitiveValue(_ value: Any?, forKey key: String) { setValue(value, forKey: key) }

    /// The keys changed since the last save, with their values.
    open func changedValues() -> [String: Any] {
        var changed: [String: Any] = [:]
        for key in changedKeys { changed[key] = value(forKey: key) ?? NSNull() }
        return changed
    }

    // Notifications Core Data sends around a property's access and change, and the
    // object's life: called here as there, for subclasses that override them.
    open func willAccessValue(forKey key: String?) {}
    open func didAccessValue(forKey key: String?) {}
    open func willChangeValue(forKey key: String) {}
    open func didChangeValue(forKey key: String) {}
    open func awakeFromInsert() {}
    open func awakeFromFetch() {}
    open func willSave() {}
    open func didSave() {}
    open func prepareForDeletion() {}
    open func validateForInsert() throws {}
    open func validateForUpdate() throws {}
    open func validateForDelete() throws {}
}

extension NSManagedObject: Identifiable {}
