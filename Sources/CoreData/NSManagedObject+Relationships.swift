import ModelStorage

extension NSManagedObject {
    /// The objects the relationship `key` leads to, read from the store on first use.
    func destinations(_ key: String) -> [NSManagedObject] {
        switch relations[key] {
        case nil: return []
        case let .objects(objects)?: return objects
        case let .stored(ids)?:
            let objects = ids.compactMap { managedObjectContext?.registeredOrStored($0) }
            relations[key] = .objects(objects)
            return objects
        }
    }

    /// Makes `objects` the destinations of `relationship` (at most one for a to-one), and
    /// keeps the inverse relationship of the objects it gained and lost.
    func setDestinations(_ objects: [NSManagedObject], of relationship: NSRelationshipDescription) {
        let key = relationship.name
        var unique: [NSManagedObject] = []
        for object in objects where !unique.contains(where: { $0 === object }) { unique.append(object) }
        if !relationship.isToMany { unique = Array(unique.prefix(1)) }
        let before = destinations(key)
        relations[key] = .objects(unique)
        guard let inverse = relationship.inverseRelationship else { return }
        for lost in before where !unique.contains(where: { $0 === lost }) {
            lost.relations[inverse.name] = .objects(lost.destinations(inverse.name).filter { $0 !== self })
            lost.changedKeys.insert(inverse.name)
            lost.managedObjectContext?.changed(lost)
        }
        for gained in unique where !before.contains(where: { $0 === gained }) {
            var theirs = gained.destinations(inverse.name)
            if !inverse.isToMany {
                // The object it pointed at before loses it.
                for previous in theirs where previous !== self {
                    previous.relations[key] = .objects(previous.destinations(key).filter { $0 !== gained })
                }
                theirs = []
            }
            if !theirs.contains(where: { $0 === self }) { theirs.append(self) }
            gained.relations[inverse.name] = .objects(theirs)
            gained.changedKeys.insert(inverse.name)
            gained.managedObjectContext?.changed(gained)
        }
    }

    /// Adds `objects` to the to-many relationship `key` (what the generated `addTo…`
    /// methods call).
    public func addObjects(_ objects: [NSManagedObject], toRelationship key: String) {
        setValue(destinations(key) + objects, forKey: key)
    }

    /// Removes `objects` from the to-many relationship `key` (the generated `removeFrom…`).
    public func removeObjects(_ objects: [NSManagedObject], fromRelationship key: String) {
        setValue(destinations(key).filter { kept in !objects.contains { $0 === kept } }, forKey: key)
    }

    /// An attribute's number as an `NSNumber` (what a generated property of a number
    /// attribute without a scalar type reads).
    public static func number(_ value: Any?) -> NSNumber? {
        switch value {
        case let v as Bool: NSNumber(value: v)
        case let v as Int64: NSNumber(value: v)
        case let v as Double: NSNumber(value: v)
        case let v as NSNumber: v
        default: nil
        }
    }

    /// The objects of an `NSSet` or `NSOrderedSet` of them.
    public static func objects(in collection: Any) -> [NSManagedObject] {
        switch collection {
        case let set as NSSet: set.allObjects.compactMap { $0 as? NSManagedObject }
        case let set as NSOrderedSet: set.array.compactMap { $0 as? NSManagedObject }
        default: []
        }
    }

    /// The object as the store keeps it: each attribute's value and each relationship's
    /// destinations as JSON text; a value not of its attribute's type, or a missing value
    /// of a required attribute, refused with the key (Core Data's validation errors).
    func storedValues() throws -> ModelStore.Values {
        var values: ModelStore.Values = [:]
        let name = entity.name ?? "?"
        for property in entity.properties where !property.isTransient {
            if let attribute = property as? NSAttributeDescription {
                guard let value = attributes[attribute.name] else {
                    if !attribute.isOptional { throw CoreDataError.validation(NSValidationMissingMandatoryPropertyError, "\(name).\(attribute.name) is required and has no value") }
                    continue
                }
                guard AttributeCoding.canonical(value, as: attribute.attributeType) != nil else {
                    throw CoreDataError.validation(NSManagedObjectValidationError, "\(name).\(attribute.name) holds a \(type(of: value)), not a value of its type")
                }
                values[attribute.name] = AttributeCoding.text(of: value, as: attribute.attributeType)
            } else if let relationship = property as? NSRelationshipDescription {
                let rows = try destinations(relationship.name).map { object in
                    guard let row = object.row else { throw CoreDataError.validation(NSManagedObjectReferentialIntegrityError, "\(name).\(relationship.name) leads to an object that is not in the store") }
                    return ModelStore.Reference(entity: object.entity.name ?? "", id: row)
                }
                if !relationship.isOptional && rows.isEmpty {
                    throw CoreDataError.validation(NSValidationMissingMandatoryPropertyError, "\(name).\(relationship.name) is required and leads nowhere")
                }
                values[relationship.name] = ModelStore.Reference.encode(rows, toMany: relationship.isToMany)
            }
        }
        return values
    }

    /// Takes the values of the store's row `row`; a value that does not read as its
    /// attribute's type is left out (nil) rather than trusted.
    func load(_ values: ModelStore.Values, row: Int64) {
        self.row = row
        for property in entity.properties {
            guard let text = values[property.name] else { continue }
            if let attribute = property as? NSAttributeDescription {
                attributes[attribute.name] = AttributeCoding.value(of: text, as: attribute.attributeType)
            } else if property is NSRelationshipDescription {
                relations[property.name] = .stored(ModelStore.Reference.decode(text).map {
                    NSManagedObjectID(entityName: $0.entity, row: $0.id, object: nil)
                })
            }
        }
        changedKeys = []
    }
}
