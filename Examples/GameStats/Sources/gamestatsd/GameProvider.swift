import Accessory

struct GameProvider: TimelineProvider {
    func placeholder(in context: Context) -> GameEntry {
        GameEntry.sample
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (GameEntry) -> Void) {
        completion(GameEntry.sample)
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<GameEntry>) -> Void) {
        Task {
            let stats = await GameCenter.shared.latestStats()
            // One entry every 15 minutes for the next hour, then ask again.
            let entries = (0..<4).map { step in
                GameEntry(
                    date: Calendar.current.date(byAdding: .minute, value: 15 * step, to: stats.date)!,
                    score: stats.score + step * 125, best: stats.best, level: stats.level, player: stats.player)
            }
            completion(Timeline(entries: entries, policy: .atEnd))
        }
    }
}

/// Where a real app would fetch its statistics; here a score that grows through the day.
actor GameCenter {
    static let shared = GameCenter()

    func latestStats() -> GameEntry {
        let now = Date()
        let minutes = Int(now.timeIntervalSince1970 / 60) % 1_440
        return GameEntry(date: now, score: 5_000 + minutes * 3, best: 10_000, level: 3 + minutes / 120, player: "Ada")
    }
}
