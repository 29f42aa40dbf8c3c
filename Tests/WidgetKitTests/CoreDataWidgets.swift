import CoreData
import SwiftUI
import WidgetKit

// A household's chores widget as apps write it with Core Data: `Chores.xcdatamodeld`
// (Chore generated whole, Room's class written here with its properties generated, as
// Xcode's "Category/Extension"), a persistent container in the App Group's folder the
// app fills and the widget opens read-only, an `NSFetchRequest` with
// `NSPredicate(format:)` and `NSSortDescriptor`. Imports unchanged.

public class Room: NSManagedObject {
    /// The chores not done, by title.
    var openChores: [String] {
        let all = chores?.allObjects as? [Chore] ?? []
        return all.filter { !$0.done }.compactMap(\.title).sorted()
    }
}

final class ChoreStore {
    let container: NSPersistentContainer

    init(url: URL, readOnly: Bool) {
        container = NSPersistentContainer(name: "Chores")
        let description = NSPersistentStoreDescription(url: url)
        description.isReadOnly = readOnly
        description.setOption(true as NSNumber, forKey: NSPersistentHistoryTrackingKey)
        container.persistentStoreDescriptions = [description]
        container.loadPersistentStores { description, error in
            if let error = error as NSError? {
                print("Unresolved error \(error), \(error.userInfo)")
            }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
        container.viewContext.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
    }

    /// The store every part of the app shares.
    static var sharedURL: URL {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.example.chores")!.appendingPathComponent("Chores.sqlite")
    }
}

struct ChoresEntry: TimelineEntry {
    let date: Date
    let titles: [String]
    let left: Int
}

struct ChoresProvider: TimelineProvider {
    let storeURL: URL

    func chores(due now: Date) -> ChoresEntry {
        let context = ChoreStore(url: storeURL, readOnly: true).container.viewContext
        let request: NSFetchRequest<Chore> = Chore.fetchRequest()
        let endOfDay = Calendar(identifier: .gregorian).startOfDay(for: now).addingTimeInterval(86_400)
        request.predicate = NSPredicate(format: "done == NO AND due < %@", endOfDay as NSDate)
        request.sortDescriptors = [NSSortDescriptor(key: "due", ascending: true), NSSortDescriptor(key: "title", ascending: true)]
        do {
            let due = try context.fetch(request)
            return ChoresEntry(date: now, titles: due.prefix(2).compactMap(\.title), left: due.count)
        } catch {
            return ChoresEntry(date: now, titles: [], left: 0)
        }
    }

    func placeholder(in context: Context) -> ChoresEntry {
        ChoresEntry(date: .now, titles: ["Water plants"], left: 1)
    }

    func getSnapshot(in context: Context, completion: @escaping (ChoresEntry) -> Void) {
        completion(chores(due: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ChoresEntry>) -> Void) {
        let entry = chores(due: context.date)
        completion(Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(1_800))))
    }
}

struct ChoresView: View {
    var entry: ChoresEntry

    var body: some View {
        VStack(alignment: .leading) {
            if entry.left == 0 {
                Text("All done")
            } else {
                Text("\(entry.left) chores today")
                    .font(.headline)
                ForEach(entry.titles, id: \.self) { title in
                    Text(title)
                }
            }
        }
    }
}

struct ChoresWidget: Widget {
    let kind = "chores"
    var storeURL = ChoreStore.sharedURL

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ChoresProvider(storeURL: storeURL)) { entry in
            ChoresView(entry: entry)
        }
        .configurationDisplayName("Chores")
        .supportedFamilies([.accessoryRectangular])
    }
}
