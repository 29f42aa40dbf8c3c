
/// Reads a token's shape byte by byte: the fixed forms of TOML dates, times and numbers.
/// Swift's `Regex` would say the same, but it parses its patterns at run time, through
/// code the daemon has no other use for (half a megabyte of it resident).
struct ASCIIScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { index == bytes.count }

    /// Reads `character` if it comes next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        take { $0 == UInt8(ascii: character) }
    }

    /// Reads the next byte if it is one of `set`.
    mutating func take(oneOf set: String) -> Bool {
        take { set.utf8.contains($0) }
    }

    /// Reads exactly `count` decimal digits, or nothing.
    mutating func digits(_ count: Int) -> Bool {
        guard index + count <= bytes.count, bytes[index..<index + count].allSatisfy(Self.isDigit) else { return false }
        index += count
        return true
    }

    /// Reads exactly `count` decimal digits as a number, or nothing.
    mutating func number(_ count: Int) -> Int? {
        let start = index
        guard digits(count) else { return nil }
        return bytes[start..<index].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// Reads one or more decimal digits.
    mutating func digits() -> Bool {
        let start = index
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        return index > start
    }

    /// Reads what `part` reads, or nothing when it fails; true either way, for optional
    /// parts of a form.
    mutating func optionally(_ part: (inout ASCIIScanner) -> Bool) -> Bool {
        var trial = self
        if part(&trial) { self = trial }
        return true
    }

    private mutating func take(where matches: (UInt8) -> Bool) -> Bool {
        guard index < bytes.count, matches(bytes[index]) else { return false }
        index += 1
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
