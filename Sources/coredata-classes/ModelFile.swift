import Foundation

/// What a data model file (`Name.xcdatamodeld/Name.xcdatamodel/contents`) says: its
/// entities, their attributes and relationships, as Xcode's model editor writes them.
struct ModelFile {
    struct Entity {
        var name: String
        var className: String?
        /// "class", "category", or nil for Manual/None.
        var codeGeneration: String?
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
    }

    struct Attribute {
        var name: String
        var type: String
        var optional: Bool
        var scalar: Bool
        var defaultValue: String?
        var transient: Bool
        var customClass: String?
    }

    struct Relationship {
        var name: String
        var destination: String
        var toMany: Bool
        var ordered: Bool
        var optional: Bool
        var inverse: String?
        var deletionRule: String?
    }

    var name: String
    var entities: [Entity] = []

    /// The model of the `.xcdatamodeld` folder at `path`: its current version, as
    /// `.xccurrentversion` names it, else its only (or last) version.
    static func read(_ path: String) throws -> ModelFile {
        let folder = URL(fileURLWithPath: path)
        let name = folder.deletingPathExtension().lastPathComponent
        let versions = (try FileManager.default.contentsOfDirectory(atPath: path)).filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        var current = versions.last
        if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(".xccurrentversion").path),
           let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
           let named = plist["_XCCurrentVersionName"] as? String, versions.contains(named) {
            current = named
        }
        guard let current else { throw Failure(message: "\(path) holds no .xcdatamodel") }
        let contents = folder.appendingPathComponent(current).appendingPathComponent("contents")
        guard let data = FileManager.default.contents(atPath: contents.path), let text = String(data: data, encoding: .utf8) else {
            throw Failure(message: "cannot read \(contents.path)")
        }
        return try parse(text, name: name, file: contents.path)
    }

    /// The entities of a model's XML. A small reader of the tags rather than libxml2
    /// through FoundationXML: a model file is one flat list of tags with attributes, and
    /// the build tool then needs no library the machine may lack.
    static func parse(_ text: String, name: String, file: String) throws -> ModelFile {
        var model = ModelFile(name: name)
        for tag in Tag.scan(text) {
            let a = tag.attributes
            switch tag.name {
            case "entity":
                guard let entityName = a["name"] else { throw Failure(message: "\(file): an entity without a name") }
                model.entities.append(Entity(name: entityName, className: a["representedClassName"], codeGeneration: a["codeGenerationType"]))
            case "attribute", "relationship":
                guard !model.entities.isEmpty, let propertyName = a["name"] else { throw Failure(message: "\(file): a \(tag.name) outside an entity or without a name") }
                if tag.name == "attribute" {
                    model.entities[model.entities.count - 1].attributes.append(Attribute(
                        name: propertyName, type: a["attributeType"] ?? "Undefined", optional: a["optional"] == "YES",
                        scalar: a["usesScalarValueType"].map { $0 == "YES" } ?? true, defaultValue: a["defaultValueString"],
                        transient: a["transient"] == "YES", customClass: a["customClassName"]))
                } else {
                    guard let destination = a["destinationEntity"] else { throw Failure(message: "\(file): the relationship \(propertyName) has no destinationEntity") }
                    model.entities[model.entities.count - 1].relationships.append(Relationship(
                        name: propertyName, destination: destination, toMany: a["toMany"] == "YES", ordered: a["ordered"] == "YES",
                        optional: a["optional"] == "YES", inverse: a["inverseName"], deletionRule: a["deletionRule"]))
                }
            default: continue
            }
        }
        return model
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// An XML start tag: its name and attributes, entities decoded.
struct Tag {
    let name: String
    let attributes: [String: String]

    static func scan(_ text: String) -> [Tag] {
        var tags: [Tag] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let body = rest[..<close]
            rest = rest[rest.index(after: close)...]
            guard let first = body.first, first.isLetter else { continue }
            let name = String(body.prefix { !$0.isWhitespace && $0 != "/" })
            var attributes: [String: String] = [:]
            var scan = body.dropFirst(name.count)
            while let equals = scan.firstIndex(of: "=") {
                let key = scan[..<equals].trimmingCharacters(in: .whitespaces)
                scan = scan[scan.index(after: equals)...].drop { $0.isWhitespace }
                guard let quote = scan.first, quote == "\"" || quote == "'" else { break }
                scan = scan.dropFirst()
                guard let end = scan.firstIndex(of: quote) else { break }
                attributes[key] = decode(String(scan[..<end]))
                scan = scan[scan.index(after: end)...]
            }
            tags.append(Tag(name: name, attributes: attributes))
        }
        return tags
    }

    private static func decode(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
