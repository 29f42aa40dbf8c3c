import Accessory

struct GameEntry: TimelineEntry, Codable {
    let date: Date
    let score: Int
    let best: Int
    let level: Int
    let player: String

    static let sample = GameEntry(date: .now, score: 7_250, best: 10_000, level: 12, player: "Ada")
}
