/// An attribute's value as an object holds it (one Swift type per attribute type:
/// integers as `Int64`, floating point as `Double`, …) and as the store keeps it (JSON
/// text, as SwiftData's rows keep theirs).
enum AttributeCoding {
    /// `value` as the attribute type holds it; nil when it is not of that type.
    static func canonical(_ value: Any, as type: NSAttributeType) -> Any? {
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            if let number = value as? NSNumber, !(value is Bool) { return number.int64Value }
            return integer(value)
        case .doubleAttributeType, .floatAttributeType:
            if let double = value as? Double { return double }
            if let float = value as? Float { return Double(float) }
            if let number = value as? NSNumber, !(value is Bool) { return number.doubleValue }
            return integer(value).map(Double.init)
        case .decimalAttributeType:
            if let decimal = value as? Decimal { return decimal }
            if let number = value as? NSDecimalNumber { return number.decimalValue }
            if let double = value as? Double { return Decimal(double) }
            return integer(value).map { Decimal($0) }
        case .booleanAttributeType:
            if let bool = value as? Bool { return bool }
            return (value as? NSNumber)?.boolValue
        case .stringAttributeType:
            if let string = value as? String { return string }
            return (value as? NSString).map { String(describing: $0) }
        case .dateAttributeType: return value as? Date
        case .binaryDataAttributeType: return value as? Data
        case .uuidAttributeType: return value as? UUID
        case .uriAttributeType: return value as? URL
        case .undefinedAttributeType, .transformableAttributeType, .objectIDAttributeType, .compositeAttributeType: return value
        }
    }

    /// `value`, held as `type` holds it, as the store's text; nil for a type the store
    /// does not keep (transformable values, which need Objective-C's archiving).
    static func text(of value: Any, as type: NSAttributeType) -> String? {
        let encodable: (any Encodable)? = switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType: value as? Int64
        case .doubleAttributeType, .floatAttributeType: value as? Double
        case .decimalAttributeType: value as? Decimal
        case .booleanAttributeType: value as? Bool
        case .stringAttributeType: value as? String
        case .dateAttributeType: value as? Date
        case .binaryDataAttributeType: value as? Data
        case .uuidAttributeType: value as? UUID
        case .uriAttributeType: (value as? URL)?.absoluteString
        case .undefinedAttributeType, .transformableAttributeType, .objectIDAttributeType, .compositeAttributeType: nil
        }
        return encodable.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The store's text as a value of `type`; nil when it is not one.
    static func value(of text: String, as type: NSAttributeType) -> Any? {
        let data = Data(text.utf8)
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType: return try? decoder.decode(Int64.self, from: data)
        case .doubleAttributeType, .floatAttributeType: return try? decoder.decode(Double.self, from: data)
        case .decimalAttributeType: return try? decoder.decode(Decimal.self, from: data)
        case .booleanAttributeType: return try? decoder.decode(Bool.self, from: data)
        case .stringAttributeType: return try? decoder.decode(String.self, from: data)
        case .dateAttributeType: return try? decoder.decode(Date.self, from: data)
        case .binaryDataAttributeType: return try? decoder.decode(Data.self, from: data)
        case .uuidAttributeType: return try? decoder.decode(UUID.self, from: data)
        case .uriAttributeType: return (try? decoder.decode(String.self, from: data)).flatMap(URL.init(string:))
        case .undefinedAttributeType, .transformableAttributeType, .objectIDAttributeType, .compositeAttributeType: return nil
        }
    }

    /// Any of Swift's integer types as an `Int64`, when it fits.
    static func integer(_ value: Any) -> Int64? {
        switch value {
        case let v as Int: Int64(v)
        case let v as Int64: v
        case let v as Int32: Int64(v)
        case let v as Int16: Int64(v)
        case let v as Int8: Int64(v)
        case let v as UInt: Int64(exactly: v)
        case let v as UInt64: Int64(exactly: v)
        case let v as UInt32: Int64(v)
        case let v as UInt16: Int64(v)
        case let v as UInt8: Int64(v)
        default: nil
        }
    }

    private static let encoder = JSONEncoder()
    private static let decoder = JSONDecoder()
}
