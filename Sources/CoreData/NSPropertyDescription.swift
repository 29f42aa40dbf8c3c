/// A property of an entity, as Core Data's `NSPropertyDescription`: an attribute or a
/// relationship, by name.
open class NSPropertyDescription: @unchecked Sendable {
    open var name: String = "" {
        didSet { entity?.index() }
    }
    open var isOptional: Bool = true
    open var isTransient: Bool = false
    /// The entity this property belongs to, once the entity holds it.
    open internal(set) weak var entity: NSEntityDescription?

    public init() {}
}

/// An attribute: a value of one of Core Data's types, as `NSAttributeDescription`.
open class NSAttributeDescription: NSPropertyDescription, @unchecked Sendable {
    open var attributeType: NSAttributeType = .undefinedAttributeType
    /// What a new object holds until it is set.
    open var defaultValue: Any?
    /// The class name a model file gives a transformable or custom attribute.
    open var attributeValueClassName: String?
}

/// A relationship to objects of another entity, as `NSRelationshipDescription`.
open class NSRelationshipDescription: NSPropertyDescription, @unchecked Sendable {
    /// What deleting the source object does to the destination.
    public enum DeleteRule: UInt, Sendable {
        case noActionDeleteRule, nullifyDeleteRule, cascadeDeleteRule, denyDeleteRule
    }

    open var destinationEntity: NSEntityDescription? {
        get { _destination ?? destinationEntityName.flatMap { entity?.managedObjectModel?.entitiesByName[$0] } }
        set { _destination = newValue }
    }
    /// The destination by name, as a model file gives it; found in the model when asked.
    open var destinationEntityName: String?
    open var inverseRelationship: NSRelationshipDescription? {
        get { _inverse ?? inverseName.flatMap { destinationEntity?.relationshipsByName[$0] } }
        set { _inverse = newValue }
    }
    /// The inverse by name, as a model file gives it.
    open var inverseName: String?
    open var maxCount: Int = 1
    open var minCount: Int = 0
    open var deleteRule: DeleteRule = .nullifyDeleteRule
    open var isOrdered: Bool = false
    open var isToMany: Bool { maxCount != 1 }

    private weak var _destination: NSEntityDescription?
    private weak var _inverse: NSRelationshipDescription?
}
