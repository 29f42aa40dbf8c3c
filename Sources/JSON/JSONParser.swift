/// Reads JSON (RFC 8259) straight into `JSONValue`s. Going through `JSONDecoder` and
/// `Decodable` builds the decoder's own map of the document first and tries each value as
/// every type in turn; for a day of recorded entries that held a megabyte more while a
/// reload replaced a timeline, and took several times as long.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    /// Deeper documents are refused rather than risking the stack.
    static let depthLimit = 512

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether the value read last went deeper than `depthLimit`.
    private var tooDeep = false

    /// The document in `bytes`; nil when it is not exactly one JSON value.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        try? read(bytes).get()
    }

    /// The document in `bytes`, or why it is none.
    static func read(_ bytes: [UInt8]) -> Result<JSONValue, JSONFailure> {
        var parser = JSONParser(bytes)
        guard let value = parser.value(depth: 0) else { return .failure(parser.tooDeep ? .tooDeep : .invalid) }
        parser.skipSpace()
        return parser.index == bytes.count ? .success(value) : .failure(.invalid)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let c = current, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { index += 1 }
    }

    private mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for i in 0..<count where bytes[index + i] != literal.utf8Start[i] { return false }
        index += count
        return true
    }

    private mutating func value(depth: Int) -> JSONValue? {
        guard depth < Self.depthLimit else {
            tooDeep = true
            return nil
        }
        skipSpace()
        switch current {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return skip("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return skip("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return skip("null") ? .null : nil
        default: return number().map(JSONValue.number)
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value(depth: depth + 1) else { return nil }
            // A repeated name keeps its first value, as JSONDecoder does.
            if members[key] == nil { members[key] = member }
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: return nil
            }
        }
    }

    /// A string from its opening quote; its text must be valid UTF-8 and its escapes whole.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // The common case, no escapes: the bytes between the quotes are the string.
        while let c = current, c != UInt8(ascii: "\""), c != UInt8(ascii: "\\") {
            guard c >= 0x20 else { return nil }
            index += 1
        }
        guard let stop = current else { return nil }
        if stop == UInt8(ascii: "\"") {
            index += 1
            return String(validating: bytes[start..<index - 1], as: UTF8.self)
        }
        var text = Array(bytes[start..<index])
        while let c = current {
            index += 1
            switch c {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = current else { return nil }
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(e)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by an escaped low one.
                        guard skip("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(scalar) else { return nil }
                    text += Array(String(Character(s)).utf8)
                default:
                    return nil
                }
            default:
                guard c >= 0x20 else { return nil }
                text.append(c)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() -> Double? {
        let start = index
        func digits() -> Int {
            let from = index
            while let c = current, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return nil
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
    }
}
