import CoreData

/// The app's match history, shared with its widget extension through an App Group, as a
/// game's app keeps it with Core Data: `Matches.xcdatamodeld`, one persistent container.
public enum MatchStore {
    /// The store every part of the app reads: `Matches.sqlite` in the App Group's folder.
    public static var url: URL {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.org.example.gamestats")!
            .appendingPathComponent("Matches.sqlite")
    }

    /// The container of the matches: the widget opens it read-only, the app to write.
    public static func container(readOnly: Bool) -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Matches")
        let description = NSPersistentStoreDescription(url: url)
        description.isReadOnly = readOnly
        container.persistentStoreDescriptions = [description]
        container.loadPersistentStores { _, error in
            if let error = error as NSError? {
                print("Core Data: \(error.localizedDescription)")
            }
        }
        return container
    }
}
