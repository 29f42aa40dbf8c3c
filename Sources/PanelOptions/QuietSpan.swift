/// A local time span "22:00-07:00", in minutes after midnight; it may wrap past midnight.
package struct QuietSpan: Sendable, Equatable {
    package let start: Int
    package let end: Int

    package init?(_ text: String) {
        func minutes(_ part: Substring) -> Int? {
            let hm = part.split(separator: ":")
            guard hm.count == 2, let h = Int(hm[0]), let m = Int(hm[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
            return h * 60 + m
        }
        let ends = text.split(separator: "-")
        guard ends.count == 2, let start = minutes(ends[0]), let end = minutes(ends[1]) else { return nil }
        self.start = start
        self.end = end
    }
}
