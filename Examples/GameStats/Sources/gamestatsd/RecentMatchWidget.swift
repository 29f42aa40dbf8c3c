import Accessory
import CoreData
import MatchData

// The last match the app recorded, read from its Core Data store in the App Group's
// folder, as a widget extension reads its app's data: a fetch request with a sort
// descriptor and a limit, in the provider.

struct RecentMatchEntry: TimelineEntry {
    let date: Date
    let opponent: String?
    let ours: Int
    let theirs: Int
}

struct RecentMatchProvider: TimelineProvider {
    func lastMatch(at date: Date) -> RecentMatchEntry {
        let request: NSFetchRequest<Match> = Match.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(key: "played", ascending: false)]
        request.fetchLimit = 1
        let match = try? MatchStore.container(readOnly: true).viewContext.fetch(request).first
        return RecentMatchEntry(date: date, opponent: match?.opponent, ours: Int(match?.ours ?? 0), theirs: Int(match?.theirs ?? 0))
    }

    func placeholder(in context: Context) -> RecentMatchEntry {
        RecentMatchEntry(date: .now, opponent: "Rovers", ours: 2, theirs: 1)
    }

    func getSnapshot(in context: Context, completion: @escaping (RecentMatchEntry) -> Void) {
        completion(lastMatch(at: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<RecentMatchEntry>) -> Void) {
        completion(Timeline(entries: [lastMatch(at: context.date)], policy: .after(context.date.addingTimeInterval(900))))
    }
}

struct RecentMatchView: View {
    let entry: RecentMatchEntry

    var body: some View {
        VStack(alignment: .leading) {
            if let opponent = entry.opponent {
                Text("vs \(opponent)")
                    .font(.headline)
                Text("\(entry.ours) – \(entry.theirs)")
            } else {
                Text("No matches yet")
            }
        }
    }
}

struct RecentMatchWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "RecentMatch", provider: RecentMatchProvider()) { entry in
            RecentMatchView(entry: entry)
        }
        .configurationDisplayName("Last match")
        .supportedFamilies([.accessoryRectangular])
    }
}
