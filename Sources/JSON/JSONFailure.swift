/// Why bytes are not a JSON document, in words for the message that refuses them.
package enum JSONFailure: Error, Equatable, CustomStringConvertible {
    /// Not JSON (RFC 8259), or more than one value.
    case invalid
    /// Arrays and objects nested deeper than the readers go (`JSONParser.depthLimit`):
    /// refused rather than risking the stack.
    case tooDeep

    package var description: String {
        switch self {
        case .invalid: "not JSON"
        case .tooDeep: "JSON nested more than \(JSONParser.depthLimit) arrays and objects deep"
        }
    }

    /// Why `bytes` are not a document, or nil when they are one.
    package static func of(_ bytes: some Sequence<UInt8>) -> JSONFailure? {
        if case let .failure(failure) = JSONParser.read(Array(bytes)) { return failure }
        return nil
    }
}
