/// "Did you mean …?": the known word closest to a mistyped one, for every error message
/// that names a choice (configuration keys, metrics, control requests, JSON fields).
package enum Spelling {
    /// The candidate within a small edit distance of `text`, if one is clearly closest.
    /// Only candidates of a plausible length are compared, and no text longer than 64
    /// characters: the distance costs the product of the lengths, and a 10 MB value is no
    /// one's typo.
    package static func nearest(_ text: String, in candidates: [String]) -> String? {
        guard text.utf8.count <= 64 else { return nil }
        let length = text.count
        let scored = candidates.filter { abs($0.count - length) <= 3 }
            .map { ($0, distance(text.lowercased(), $0.lowercased())) }.sorted { $0.1 < $1.1 }
        guard let best = scored.first, best.1 <= max(1, min(3, best.0.count / 3)) else { return nil }
        return best.0
    }

    /// Levenshtein distance.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
