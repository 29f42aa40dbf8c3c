/// FNV-1a, 64 bits: a short name for some bytes that changes when they do — a picture a
/// device keeps by name, a file of work kept for the inks that made it. Not for secrets.
package enum FNV1a {
    /// The hash of `bytes`.
    package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// The hash of `bytes` as 16 lower-case hex digits.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let hex = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
