/// The type of an entity's attribute, as Core Data's `NSAttributeType` (the raw values
/// are Apple's, so a model's numbers mean what they mean there).
public enum NSAttributeType: UInt, Sendable {
    case undefinedAttributeType = 0
    case integer16AttributeType = 100
    case integer32AttributeType = 200
    case integer64AttributeType = 300
    case decimalAttributeType = 400
    case doubleAttributeType = 500
    case floatAttributeType = 600
    case stringAttributeType = 700
    case booleanAttributeType = 800
    case dateAttributeType = 900
    case binaryDataAttributeType = 1000
    case uuidAttributeType = 1100
    case uriAttributeType = 1200
    case transformableAttributeType = 1800
    case objectIDAttributeType = 2000
    case compositeAttributeType = 2100

    /// The type as a data model file names it (`attributeType="Integer 64"`).
    public init?(modelName: String) {
        switch modelName {
        case "Integer 16": self = .integer16AttributeType
        case "Integer 32": self = .integer32AttributeType
        case "Integer 64": self = .integer64AttributeType
        case "Decimal": self = .decimalAttributeType
        case "Double": self = .doubleAttributeType
        case "Float": self = .floatAttributeType
        case "String": self = .stringAttributeType
        case "Boolean": self = .booleanAttributeType
        case "Date": self = .dateAttributeType
        case "Binary": self = .binaryDataAttributeType
        case "UUID": self = .uuidAttributeType
        case "URI": self = .uriAttributeType
        case "Transformable": self = .transformableAttributeType
        case "ObjectID": self = .objectIDAttributeType
        default: return nil
        }
    }
}
