import Accessory
import Foundation

/// What the widget shows at one moment: every line's status, and the line it follows.
public struct TubeStatusEntry: TimelineEntry, Codable {
    public let date: Date
    public let lines: [LineStatus]
    /// The followed line's id; empty to follow the whole network.
    public let followed: String

    public init(date: Date, lines: [LineStatus], followed: String) {
        self.date = date
        self.lines = lines
        self.followed = followed
    }

    /// The followed line, when one is followed and the answer has it.
    public var line: LineStatus? { lines.first { $0.id == followed } }

    /// The lines running worse than a good service, worst first.
    public var disrupted: [LineStatus] {
        lines.filter(\.isDisrupted).sorted { ($0.severity, $0.name) < ($1.severity, $1.name) }
    }

    /// Sample data for placeholders and previews.
    public static func sample(at date: Date, followed: String = "victoria") -> TubeStatusEntry {
        TubeStatusEntry(date: date, lines: [
            LineStatus(id: "central", name: "Central", severity: 10, summary: "Good Service"),
            LineStatus(id: "northern", name: "Northern", severity: 9, summary: "Minor Delays"),
            LineStatus(id: "victoria", name: "Victoria", severity: 10, summary: "Good Service"),
        ], followed: followed)
    }
}
