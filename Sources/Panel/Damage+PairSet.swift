extension Damage {
    /// Unordered pairs of 0..<count, one bit each: the merge's record of the pairs of boxes
    /// it tried that do not merge (`merged`).
    struct PairSet {
        private let count: Int
        private var bits: [UInt64]

        init(count: Int) {
            self.count = count
            bits = [UInt64](repeating: 0, count: (count * count + 63) / 64)
        }

        func contains(_ a: Int, _ b: Int) -> Bool {
            let i = Swift.min(a, b) * count + Swift.max(a, b)
            return bits[i >> 6] & (1 &<< UInt64(i & 63)) != 0
        }

        mutating func insert(_ a: Int, _ b: Int) {
            let i = Swift.min(a, b) * count + Swift.max(a, b)
            bits[i >> 6] |= 1 &<< UInt64(i & 63)
        }

        /// Removes every pair that holds `a`.
        mutating func removeAll(with a: Int) {
            for b in 0..<count {
                let i = Swift.min(a, b) * count + Swift.max(a, b)
                bits[i >> 6] &= ~(1 &<< UInt64(i & 63))
            }
        }
    }
}
