/// Makes inputs from seeds the way a fuzzer's mutator does: flips, inserts, deletes,
/// duplicates and splices bytes, and drops in the tokens parsers choke on (deep brackets,
/// huge numbers, control bytes). Deterministic from its seed, so a run can be repeated.
struct Mutator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// SplitMix64: small, fast and good enough to choose mutations.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    /// What breaks parsers: structure, extreme numbers, dates, control and invalid bytes.
    static let tokens: [[UInt8]] = [
        "[", "]", "{", "}", "\"", "'", "\"\"\"", "=", ",", ".", ":", "\n", "\r\n", "\t", " ", "#", "\\", "\\u", "\\U0010FFFF",
        "0", "-1", "1e19", "-1e19", "1e300", "-1e300", "1.7976931348623157e308", "9223372036854775807", "-9223372036854775808",
        "18446744073709551616", "nan", "inf", "-inf", "0x7fffffffffffffff", "0b", "1_000", "true", "null",
        "2026-11-22T14:04:57Z", "9999-12-31T23:59:59Z", "0000-00-00", "99999-01-01T00:00:00Z", "24:61:61",
        "BEGIN:VEVENT\n", "END:VEVENT\n", "DTSTART:", "RRULE:FREQ=DAILY;COUNT=999999999\n", "TZif2", "TZif3",
        "\u{1B}[2J", "\u{0}", "\u{7F}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]]

    /// `seed` changed in one to eight ways; sometimes spliced with `other`.
    mutating func mutate(_ seed: [UInt8], other: [UInt8], limit: Int) -> [UInt8] {
        var bytes = seed
        for _ in 0...below(8) {
            let at = below(bytes.count + 1)
            switch below(10) {
            case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= UInt8(1 << below(8))
            case 1: bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, at + 1 + below(32))
                bytes.removeSubrange(min(at, bytes.count - 1)..<end)
            case 3 where !bytes.isEmpty:
                let start = below(bytes.count), end = min(bytes.count, start + 1 + below(64))
                bytes.insert(contentsOf: bytes[start..<end], at: at)
            case 4: bytes.insert(contentsOf: Self.tokens[below(Self.tokens.count)], at: at)
            case 5:
                // A token many times: nesting, long keys, huge repeats.
                let token = Self.tokens[below(Self.tokens.count)]
                let count = [2, 16, 100, 1_000, 20_000][below(5)]
                bytes.insert(contentsOf: Array(repeating: token, count: count).joined(), at: at)
            case 6 where !other.isEmpty:
                let cut = below(other.count)
                bytes = Array(bytes[..<min(at, bytes.count)]) + other[cut...]
            case 7 where !bytes.isEmpty:
                // A digit run replaced by an extreme number.
                if let digit = bytes[min(at, bytes.count - 1)...].firstIndex(where: { (48...57).contains($0) }) {
                    let end = bytes[digit...].firstIndex { !(48...57).contains($0) && $0 != 46 } ?? bytes.count
                    bytes.replaceSubrange(digit..<end, with: Self.tokens[19 + below(8)])
                }
            case 8:
                // Deep nesting where a value starts (after '=', ':', '[' or ','): what
                // exhausts a recursive reader's stack.
                let starts = bytes.indices.filter { [UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: ",")].contains(bytes[$0]) }
                let place = starts.isEmpty ? at : starts[below(starts.count)] + 1
                let opener: [UInt8] = [[UInt8(ascii: "[")], Array("{a=".utf8), Array("{\"a\":".utf8)][below(3)]
                bytes.insert(contentsOf: Array(repeating: opener, count: [100, 10_000, 100_000][below(3)]).joined(), at: min(place, bytes.count))
            default: bytes = Array(bytes.prefix(at))
            }
        }
        return Array(bytes.prefix(limit))
    }
}
