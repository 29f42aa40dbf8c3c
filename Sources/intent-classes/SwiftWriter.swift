import SwiftLiteral

/// Writes the Swift an intent definition stands for, shaped as Xcode's intent class
/// generation writes it: an enum per enumeration, an `INObject` subclass per custom type,
/// and per intent its `INIntent` subclass, its `…IntentHandling` protocol and its
/// `…IntentResponse`. Properties keep their values in the intent (what `@NSManaged`
/// does on Apple's systems), so the daemon can set them from the config file.
struct SwiftWriter {
    let definition: IntentDefinitionFile
    let source: String
    /// The module the classes are compiled into: where the intent extension's principal
    /// class, `IntentHandler` as Xcode's template names it, is looked for.
    let module: String
    private var lines: [String] = []

    init(_ definition: IntentDefinitionFile, source: String, module: String) {
        (self.definition, self.source, self.module) = (definition, source, module)
    }

    static func swift(for definition: IntentDefinitionFile, source: String, module: String) -> String {
        var writer = SwiftWriter(definition, source: source, module: module)
        writer.write()
        return writer.lines.joined(separator: "\n") + "\n"
    }

    private mutating func write() {
        lines += ["// Generated from \(source) by IntentClassGeneration, as Xcode generates an intent", "// definition's classes. Do not edit.", "import Foundation", "import Intents", ""]
        for enumeration in definition.enumerations { write(enumeration) }
        for type in definition.types { write(type) }
        for intent in definition.intents { write(intent) }
    }

    private mutating func write(_ enumeration: IntentDefinitionFile.Enumeration) {
        lines += ["public enum \(enumeration.className): Int, CaseIterable, Sendable {", "    case unknown = 0"]
        lines += enumeration.cases.map { "    case \(SwiftLiteral.identifier($0.name)) = \($0.value)" }
        lines += ["}", ""]
    }

    private mutating func write(_ type: IntentDefinitionFile.CustomType) {
        lines += ["public class \(type.className): INObject, @unchecked Sendable {"]
        for property in type.properties { accessor(property, get: "propertyValue", set: "setPropertyValue") }
        lines += ["}", ""]
    }

    private mutating func write(_ intent: IntentDefinitionFile.Intent) {
        let name = intent.className
        lines += ["public class \(name): INIntent, @unchecked Sendable {",
                  "    private static let definition = IntentDefinition(",
                  "        title: \(SwiftLiteral.string(intent.title)), description: \(SwiftLiteral.string(intent.description)), parameters: ["]
        for parameter in intent.parameters {
            lines.append("            .init(name: \(SwiftLiteral.string(parameter.name)), title: \(SwiftLiteral.string(parameter.title)), type: \(parameterType(parameter, of: name)), defaultText: \(SwiftLiteral.string(parameter.defaultValue ?? "")), isConfigurable: \(parameter.isConfigurable)),")
        }
        lines += ["        ], handlerClass: \(SwiftLiteral.string(module + ".IntentHandler")))", "",
                  "    public override class var intentDefinition: IntentDefinition { definition }"]
        for parameter in intent.parameters { accessor(parameter, get: "parameterValue", set: "setParameterValue") }
        lines += ["}", ""]
        // The handling protocol: the options a custom-type parameter offers and its
        // default, each with a default implementation (`@objc optional` on Apple's systems).
        let objects = intent.parameters.filter { ($0.objectType != nil || $0.type == "String" && $0.isDynamic) && $0.enumType == nil }
        lines += ["public protocol \(name)Handling: AnyObject {"]
        for parameter in objects {
            let (method, element) = ("\(capitalized(parameter.name))", optionType(parameter))
            lines += ["    func provide\(method)OptionsCollection(for intent: \(name), with completion: @escaping (INObjectCollection<\(element)>?, (any Error)?) -> Void)",
                      "    func provide\(method)OptionsCollection(for intent: \(name)) async throws -> INObjectCollection<\(element)>",
                      "    func default\(method)(for intent: \(name)) -> \(parameter.isArray ? "[\(element)]" : element)?"]
        }
        lines += ["    func handle(intent: \(name), completion: @escaping (\(name)Response) -> Void)", "}", "",
                  "extension \(name)Handling {"]
        for parameter in objects {
            let (method, element) = ("\(capitalized(parameter.name))", optionType(parameter))
            lines += ["    public func provide\(method)OptionsCollection(for intent: \(name), with completion: @escaping (INObjectCollection<\(element)>?, (any Error)?) -> Void) {",
                      "        completion(nil, nil)", "    }",
                      "    public func provide\(method)OptionsCollection(for intent: \(name)) async throws -> INObjectCollection<\(element)> {",
                      "        try await withCheckedThrowingContinuation { continuation in",
                      "            provide\(method)OptionsCollection(for: intent) { collection, error in",
                      "                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: collection ?? INObjectCollection(items: [])) }",
                      "            }", "        }", "    }",
                      "    public func default\(method)(for intent: \(name)) -> \(parameter.isArray ? "[\(element)]" : element)? { nil }"]
        }
        lines += ["    public func handle(intent: \(name), completion: @escaping (\(name)Response) -> Void) {",
                  "        completion(\(name)Response(code: .success, userActivity: nil))", "    }", "}", ""]
        lines += ["public enum \(name)ResponseCode: Int, Sendable {"]
        lines += IntentDefinitionFile.standardResponseCodes.enumerated().map { "    case \($0.element) = \($0.offset)" }
        lines += intent.responseCodes.enumerated().map { "    case \(SwiftLiteral.identifier($0.element)) = \(100 + $0.offset)" }
        lines += ["}", "",
                  "public class \(name)Response: INIntentResponse, @unchecked Sendable {",
                  "    public private(set) var code: \(name)ResponseCode = .unspecified", "",
                  "    /// A response with `code`; `userActivity` is kept for source compatibility (there is no app to continue in).",
                  "    public convenience init(code: \(name)ResponseCode, userActivity: Any?) {",
                  "        self.init()", "        self.code = code", "    }", "}", ""]
    }

    /// A property kept under its name, typed as Xcode types it.
    private mutating func accessor(_ property: IntentDefinitionFile.Property, get: String, set: String) {
        let key = SwiftLiteral.string(property.name)
        if let enumType = property.enumType, !property.isArray {
            let type = className(ofEnum: enumType)
            lines += ["    public var \(SwiftLiteral.identifier(property.name)): \(type) {",
                      "        get { (\(get)(forKey: \(key)) as? Int).flatMap(\(type).init(rawValue:)) ?? .unknown }",
                      "        set { \(set)(newValue == .unknown ? nil : newValue.rawValue, forKey: \(key)) }", "    }"]
            return
        }
        let type = swiftType(property)
        let cast = type == "Any?" ? "" : " as? \(type.dropLast())"
        lines += ["    public var \(SwiftLiteral.identifier(property.name)): \(type) {",
                  "        get { \(get)(forKey: \(key))\(cast) }",
                  "        set { \(set)(newValue, forKey: \(key)) }", "    }"]
    }

    /// The property's Swift type, optional.
    private func swiftType(_ property: IntentDefinitionFile.Property) -> String {
        let element = elementType(property)
        return property.isArray ? "[\(element)]?" : "\(element)?"
    }

    /// The type of one value of the property: what an options collection lists.
    private func elementType(_ property: IntentDefinitionFile.Property) -> String {
        if property.enumType != nil { return "NSNumber" }  // an array of an enumeration's raw values
        return switch property.type {
        case "String": "String"
        case "Integer", "Boolean", "Decimal", "Duration": "NSNumber"
        case "URL": "URL"
        case "DateComponents": "DateComponents"
        case "Object", "Custom": property.objectType.map(className(ofType:)) ?? "INObject"
        default: "Any"
        }
    }

    /// What an options collection lists for a parameter: a String parameter's as
    /// `NSString`, as Xcode generates it.
    private func optionType(_ property: IntentDefinitionFile.Property) -> String {
        property.type == "String" ? "NSString" : elementType(property)
    }

    /// How `IntentDefinition` describes the parameter's type to the daemon: a parameter
    /// that supports multiple values is a list of its one value's type.
    private func parameterType(_ property: IntentDefinitionFile.Property, of intent: String) -> String {
        let one = valueType(property, of: intent)
        return property.isArray && !one.hasPrefix(".unsupported") ? ".list(\(one))" : one
    }

    /// How `IntentDefinition` describes one value of the parameter.
    private func valueType(_ property: IntentDefinitionFile.Property, of intent: String) -> String {
        if let enumType = property.enumType, let enumeration = definition.enumerations.first(where: { $0.name == enumType }) {
            let cases = enumeration.cases
            return ".enumeration(cases: [\(cases.map { SwiftLiteral.string($0.name) }.joined(separator: ", "))], titles: [\(cases.map { SwiftLiteral.string($0.title) }.joined(separator: ", "))], values: [\(cases.map { String($0.value) }.joined(separator: ", "))])"
        }
        switch property.type {
        case "String" where property.isDynamic:
            let options = "{ handler, intent in guard let handler = handler as? any \(intent)Handling, let intent = intent as? \(intent) else { return nil }; return try await handler.provide\(capitalized(property.name))OptionsCollection(for: intent).allItems.map { String($0) } }"
            return ".listedString(options: \(options))"
        case "String": return ".string"
        case "Integer": return ".integer"
        case "Decimal": return ".decimal"
        case "Boolean": return ".boolean"
        case "Duration": return ".duration"
        case "URL": return ".url"
        case "Object", "Custom":
            let type = property.objectType.map(className(ofType:)) ?? "INObject"
            // The handler's options: its `provide…OptionsCollection`, when it adopts the
            // intent's handling protocol.
            let options = "{ handler, intent in guard let handler = handler as? any \(intent)Handling, let intent = intent as? \(intent) else { return nil }; return try await handler.provide\(capitalized(property.name))OptionsCollection(for: intent).allItems }"
            return ".object(make: { \(type)(identifier: $0, display: $1) }, options: \(options))"
        default: return ".unsupported(\(SwiftLiteral.string(property.type)))"
        }
    }

    private func className(ofEnum name: String) -> String {
        definition.enumerations.first { $0.name == name }?.className ?? name
    }

    private func className(ofType name: String) -> String {
        definition.types.first { $0.name == name }?.className ?? name
    }

    private func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
