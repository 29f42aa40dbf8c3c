import Foundation

/// An `.intentdefinition` file as Xcode writes it (a property list): its intents, custom
/// types and enumerations, each with what the generated Swift needs.
struct IntentDefinitionFile {
    struct Enumeration {
        /// The Swift type's name (`INEnumClassName`, else `INEnumName`).
        var className: String
        var name: String
        /// The cases but `unknown`: name, title, raw value.
        var cases: [(name: String, title: String, value: Int)]
    }

    struct Property {
        var name: String
        var title: String
        /// The definition's type name: String, Integer, Decimal, Boolean, Object, …
        var type: String
        var objectType: String?
        var enumType: String?
        var isArray: Bool
        var defaultValue: String?
        var isConfigurable: Bool
        /// The handler lists the values (`INIntentParameterSupportsDynamicEnumeration`).
        var isDynamic = false
    }

    struct CustomType {
        var className: String
        var name: String
        var properties: [Property]
    }

    struct Intent {
        var className: String
        var title: String
        var description: String
        var parameters: [Property]
        /// The response's own codes beyond SiriKit's standard ones.
        var responseCodes: [String]
    }

    var enumerations: [Enumeration] = []
    var types: [CustomType] = []
    var intents: [Intent] = []

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw Malformed(description: "cannot read it") }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw Malformed(description: "not an intent definition: Xcode writes one as an XML property list (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error))")
        }
        guard let root = plist as? [String: Any] else { throw Malformed(description: "not an intent definition: its property list is not a dictionary") }
        for item in root["INEnums"] as? [[String: Any]] ?? [] {
            guard let name = item["INEnumName"] as? String else { continue }
            var cases: [(String, String, Int)] = []
            for (position, value) in (item["INEnumValues"] as? [[String: Any]] ?? []).enumerated() {
                guard let caseName = value["INEnumValueName"] as? String, caseName != "unknown" else { continue }
                let index = (value["INEnumValueIndex"] as? Int) ?? position
                cases.append((caseName, value["INEnumValueDisplayName"] as? String ?? caseName, index))
            }
            enumerations.append(Enumeration(className: item["INEnumClassName"] as? String ?? name, name: name, cases: cases))
        }
        for item in root["INTypes"] as? [[String: Any]] ?? [] {
            guard let name = item["INTypeName"] as? String else { continue }
            let properties = (item["INTypeProperties"] as? [[String: Any]] ?? []).compactMap { property -> Property? in
                guard let propertyName = property["INTypePropertyName"] as? String,
                      !["identifier", "displayString", "pronunciationHint", "alternativeSpeakableMatches"].contains(propertyName) else { return nil }
                return Property(
                    name: propertyName, title: property["INTypePropertyDisplayName"] as? String ?? propertyName,
                    type: property["INTypePropertyType"] as? String ?? "String", objectType: property["INTypePropertyObjectType"] as? String,
                    enumType: property["INTypePropertyEnumType"] as? String,
                    isArray: property["INTypePropertySupportsMultipleValues"] as? Bool ?? false, defaultValue: nil, isConfigurable: false)
            }
            types.append(CustomType(className: item["INTypeClassName"] as? String ?? name, name: name, properties: properties))
        }
        for item in root["INIntents"] as? [[String: Any]] ?? [] {
            guard let name = item["INIntentName"] as? String else { continue }
            let parameters = (item["INIntentParameters"] as? [[String: Any]] ?? []).compactMap { parameter -> Property? in
                guard let parameterName = parameter["INIntentParameterName"] as? String else { return nil }
                let metadata = parameter["INIntentParameterMetadata"] as? [String: Any] ?? [:]
                let objectType = parameter["INIntentParameterObjectType"] as? String
                let enumType = parameter["INIntentParameterEnumType"] as? String
                    ?? objectType.flatMap { object in enumerations.contains { $0.name == object } ? object : nil }
                return Property(
                    name: parameterName, title: parameter["INIntentParameterDisplayName"] as? String ?? parameterName,
                    type: parameter["INIntentParameterType"] as? String ?? "String", objectType: enumType == nil ? objectType : nil,
                    enumType: enumType, isArray: parameter["INIntentParameterSupportsMultipleValues"] as? Bool ?? false,
                    defaultValue: metadata["INIntentParameterMetadataDefaultValue"].map(Self.text(of:)),
                    isConfigurable: parameter["INIntentParameterConfigurable"] as? Bool ?? true,
                    isDynamic: parameter["INIntentParameterSupportsDynamicEnumeration"] as? Bool ?? false)
            }
            let response = item["INIntentResponse"] as? [String: Any] ?? [:]
            let codes = (response["INIntentResponseCodes"] as? [[String: Any]] ?? []).compactMap { $0["INIntentResponseCodeName"] as? String }
            intents.append(Intent(
                className: item["INIntentClassName"] as? String ?? name + "Intent",
                title: item["INIntentTitle"] as? String ?? name, description: item["INIntentDescription"] as? String ?? "",
                parameters: parameters, responseCodes: codes.filter { !Self.standardResponseCodes.contains($0) }))
        }
    }

    /// The codes every generated response has, from 0.
    static let standardResponseCodes = ["unspecified", "ready", "continueInApp", "inProgress", "success", "failure", "failureRequiringAppLaunch"]

    /// A default value as the config file would write it.
    private static func text(of value: Any) -> String {
        switch value {
        case let int as Int: String(int)
        case let bool as Bool: bool ? "true" : "false"
        case let double as Double: String(double)
        default: "\(value)"
        }
    }
}
