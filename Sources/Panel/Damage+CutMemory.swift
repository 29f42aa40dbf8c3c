import Canvas

extension Damage {
    /// Band cuts already found, by the changes they cut. A clock's digits change the same
    /// way every ten minutes, every hour and every day, and the cut of a change depends
    /// only on which pixels of its box changed: found once, it is looked up after
    /// (the search tries about twenty cuts of a two-digit change, 50 µs on this project's
    /// machine; docs/PERFORMANCE.md). The least recently used cut goes first.
    package struct CutMemory: Sendable {
        /// A box's changes: its size and its rows' bits, from its corner.
        struct Key: Hashable, Sendable {
            var width: Int
            var height: Int
            var bits: [UInt64]
        }

        /// How many cuts are kept, and how many words of their keys.
        static let capacity = 128
        static let wordLimit = 16 << 10

        private var cuts: [Key: (rects: [PixelRect], used: Int)] = [:]
        private var words = 0
        private var clock = 0
        /// Cuts found in memory and cuts searched for, since start.
        package private(set) var hits = 0
        package private(set) var misses = 0

        package init() {}

        /// How many cuts are kept.
        var count: Int { cuts.count }

        /// The cut of the changes `key` holds, from memory or made by `make`, each
        /// rectangle from the box's corner.
        mutating func cut(_ key: Key, make: () -> [PixelRect]) -> [PixelRect] {
            clock += 1
            // One lookup: the key holds a row of bits per line of the box, hashed whole.
            if let index = cuts.index(forKey: key) {
                hits += 1
                cuts.values[index].used = clock
                return cuts.values[index].rects
            }
            misses += 1
            let made = make()
            guard key.bits.count <= Self.wordLimit / 4 else { return made }
            while cuts.count >= Self.capacity || words + key.bits.count > Self.wordLimit,
                  let oldest = cuts.min(by: { $0.value.used < $1.value.used })?.key {
                cuts[oldest] = nil
                words -= oldest.bits.count
            }
            cuts[key] = (made, clock)
            words += key.bits.count
            return made
        }
    }
}
