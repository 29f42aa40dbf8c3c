import SwiftLiteral

/// The Swift of one model: the classes and properties of its entities, as Xcode's code
/// generation writes them (with properties reading and writing the object's values where
/// Xcode writes `@NSManaged`), and the model's record.
struct ClassWriter {
    let model: ModelFile

    var code: String {
        var out = ""
        for entity in model.entities {
            guard let className = Self.className(entity), entity.codeGeneration == "class" || entity.codeGeneration == "category" else { continue }
            if entity.codeGeneration == "class" {
                out += "\npublic class \(className): NSManagedObject {}\n"
            }
            out += "\nextension \(className) {\n"
            out += "    public class func fetchRequest() -> NSFetchRequest<\(className)> {\n        NSFetchRequest<\(className)>(entityName: \(SwiftLiteral.string(entity.name)))\n    }\n"
            for attribute in entity.attributes { out += property(attribute) }
            for relationship in entity.relationships { out += property(relationship) }
            out += "}\n"
            for relationship in entity.relationships where relationship.toMany {
                out += accessors(relationship, of: className)
            }
        }
        out += record()
        return out
    }

    /// The class an entity's objects are: its `representedClassName` without a module
    /// prefix; nil for plain `NSManagedObject`.
    static func className(_ entity: ModelFile.Entity) -> String? {
        guard let name = entity.className?.split(separator: ".").last.map(String.init), !name.isEmpty, name != "NSManagedObject" else { return nil }
        return name
    }

    /// The Swift type Xcode gives an attribute, and how its value is read.
    static func swiftType(_ attribute: ModelFile.Attribute) -> (type: String, read: String, write: String) {
        let value = "value(forKey: \(SwiftLiteral.string(attribute.name)))"
        let number = "NSManagedObject.number(\(value))"
        switch attribute.type {
        case "Integer 16", "Integer 32", "Integer 64":
            let swift = ["Integer 16": "Int16", "Integer 32": "Int32", "Integer 64": "Int64"][attribute.type]!
            if !attribute.scalar { return ("NSNumber?", number, "newValue") }
            return (swift, "\(swift)(truncatingIfNeeded: (\(value) as? Int64) ?? 0)", "Int64(newValue)")
        case "Double", "Float":
            let swift = attribute.type
            if !attribute.scalar { return ("NSNumber?", number, "newValue") }
            return (swift, "\(swift)((\(value) as? Double) ?? 0)", "Double(newValue)")
        case "Boolean":
            if !attribute.scalar { return ("NSNumber?", number, "newValue") }
            return ("Bool", "(\(value) as? Bool) ?? false", "newValue")
        case "Decimal": return ("NSDecimalNumber?", "(\(value) as? Decimal).map { NSDecimalNumber(decimal: $0) }", "newValue?.decimalValue")
        case "String": return ("String?", "\(value) as? String", "newValue")
        case "Date": return ("Date?", "\(value) as? Date", "newValue")
        case "Binary": return ("Data?", "\(value) as? Data", "newValue")
        case "UUID": return ("UUID?", "\(value) as? UUID", "newValue")
        case "URI": return ("URL?", "\(value) as? URL", "newValue")
        default:
            let type = attribute.customClass.map { $0.split(separator: ".").last.map(String.init) ?? $0 } ?? "NSObject"
            return ("\(type)?", "\(value) as? \(type)", "newValue")
        }
    }

    private func property(_ attribute: ModelFile.Attribute) -> String {
        let (type, read, write) = Self.swiftType(attribute)
        return """
                public var \(SwiftLiteral.identifier(attribute.name)): \(type) {
                    get { \(read) }
                    set { setValue(\(write), forKey: \(SwiftLiteral.string(attribute.name))) }
                }

            """
    }

    /// The class of the objects `relationship` leads to.
    private func destinationClass(_ relationship: ModelFile.Relationship) -> String {
        model.entities.first { $0.name == relationship.destination }.flatMap(Self.className) ?? "NSManagedObject"
    }

    private func property(_ relationship: ModelFile.Relationship) -> String {
        let destination = destinationClass(relationship)
        let type = relationship.toMany ? (relationship.ordered ? "NSOrderedSet" : "NSSet") : destination
        return """
                public var \(SwiftLiteral.identifier(relationship.name)): \(type)? {
                    get { value(forKey: \(SwiftLiteral.string(relationship.name))) as? \(type) }
                    set { setValue(newValue, forKey: \(SwiftLiteral.string(relationship.name))) }
                }

            """
    }

    /// The `addTo…` and `removeFrom…` methods Xcode writes for a to-many relationship.
    private func accessors(_ relationship: ModelFile.Relationship, of className: String) -> String {
        let destination = destinationClass(relationship)
        let capitalized = relationship.name.prefix(1).uppercased() + relationship.name.dropFirst()
        let key = SwiftLiteral.string(relationship.name)
        let collection = relationship.ordered ? "NSOrderedSet" : "NSSet"
        return """

            extension \(className) {
                public func addTo\(capitalized)(_ value: \(destination)) { addObjects([value], toRelationship: \(key)) }
                public func removeFrom\(capitalized)(_ value: \(destination)) { removeObjects([value], fromRelationship: \(key)) }
                public func addTo\(capitalized)(_ values: \(collection)) { addObjects(NSManagedObject.objects(in: values), toRelationship: \(key)) }
                public func removeFrom\(capitalized)(_ values: \(collection)) { removeObjects(NSManagedObject.objects(in: values), fromRelationship: \(key)) }
            }

            """
    }

    /// The model's record in the program's `lockscreend_models` section.
    private func record() -> String {
        var entities: [String] = []
        for entity in model.entities {
            var lines = ["            let entity = NSEntityDescription()", "            entity.name = \(SwiftLiteral.string(entity.name))"]
            if let className = Self.className(entity) {
                lines += ["            entity.managedObjectClassName = \(SwiftLiteral.string(className))", "            entity.managedObjectClass = \(className).self"]
            }
            var properties: [String] = []
            for (index, attribute) in entity.attributes.enumerated() {
                let name = "a\(index)"
                properties.append(name)
                lines += ["            let \(name) = NSAttributeDescription()", "            \(name).name = \(SwiftLiteral.string(attribute.name))",
                          "            \(name).attributeType = NSAttributeType(modelName: \(SwiftLiteral.string(attribute.type))) ?? .undefinedAttributeType",
                          "            \(name).isOptional = \(attribute.optional)", "            \(name).isTransient = \(attribute.transient)"]
                if let value = Self.defaultValue(attribute) { lines.append("            \(name).defaultValue = \(value)") }
            }
            for (index, relationship) in entity.relationships.enumerated() {
                let name = "r\(index)"
                properties.append(name)
                lines += ["            let \(name) = NSRelationshipDescription()", "            \(name).name = \(SwiftLiteral.string(relationship.name))",
                          "            \(name).destinationEntityName = \(SwiftLiteral.string(relationship.destination))",
                          "            \(name).maxCount = \(relationship.toMany ? 0 : 1)", "            \(name).isOrdered = \(relationship.ordered)",
                          "            \(name).isOptional = \(relationship.optional)"]
                if let inverse = relationship.inverse { lines.append("            \(name).inverseName = \(SwiftLiteral.string(inverse))") }
                if relationship.deletionRule == "Cascade" { lines.append("            \(name).deleteRule = .cascadeDeleteRule") }
            }
            lines += ["            entity.properties = [\(properties.joined(separator: ", "))]", "            return entity"]
            entities.append("        { () -> NSEntityDescription in\n" + lines.joined(separator: "\n") + "\n        }(),")
        }
        let unique = model.name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? String($0) : "_" }.joined()
        return """

            @section("lockscreend_models") @used
            private let lockscreendModel_\(unique): (UInt32, @convention(c) (UnsafeMutableRawPointer) -> Void) = (0x4C4D444C, { storage in
                storage.initializeMemory(as: NSManagedObjectModel.self, to: NSManagedObjectModel(registeredName: \(SwiftLiteral.string(model.name)), entities: [
            \(entities.joined(separator: "\n"))
                ]))
            })

            """
    }

    /// An attribute's default as Swift, for the types a model's default can be given in.
    static func defaultValue(_ attribute: ModelFile.Attribute) -> String? {
        guard let text = attribute.defaultValue else { return nil }
        switch attribute.type {
        case "Integer 16", "Integer 32", "Integer 64": return Int64(text).map { "Int64(\($0))" }
        case "Double", "Float", "Decimal": return Double(text).map { "Double(\($0))" }
        case "Boolean": return text == "YES" ? "true" : text == "NO" ? "false" : nil
        case "String": return SwiftLiteral.string(text)
        default: return nil
        }
    }
}
