import FoundationEssentials

/// One moment of a widget's timeline: the date it is shown from, and the data its
/// view draws. Your entry type adds the data.
public protocol TimelineEntry: Sendable {
    /// When this entry becomes the one shown.
    var date: Date { get }
    /// How relevant the entry is, for choosing the top widget of a stack.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is: a score on any scale, for `duration` seconds after the
/// entry's date (0 for as long as it is shown).
public struct TimelineEntryRelevance: Sendable, Hashable, Codable {
    public var score: Float
    public var duration: TimeInterval

    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}
