import Accessory
import Canvas
import CoreData
import Testing
import TestSupport

/// Core Data in a widget (CoreDataWidgets.swift): `Chores.xcdatamodeld` compiled by the
/// CoreDataModelGeneration plugin, a store the app fills and the widget reads with
/// `NSPredicate(format:)`.
@Suite("Core Data in widgets")
struct CoreDataWidgetsTests {
    let start = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01

    func withStore(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coredata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder.appendingPathComponent("Chores.sqlite"))
    }

    /// The app's side: a kitchen with three chores, a hall with one.
    func fill(_ url: URL) throws {
        let context = ChoreStore(url: url, readOnly: false).container.viewContext
        let kitchen = Room(context: context)
        kitchen.name = "Kitchen"
        let hall = Room(context: context)
        hall.name = "Hall"
        for (title, hours, done, room) in [("Dishes", 2, false, kitchen), ("Bins", 30, false, kitchen), ("Oven", 5, true, kitchen), ("Sweep", 1, false, hall)] {
            let chore = Chore(context: context)
            chore.title = title
            chore.due = start.addingTimeInterval(Double(hours) * 3_600)
            chore.done = done
            chore.id = UUID()
            chore.weight = 1.5
            chore.room = room
        }
        #expect(context.hasChanges)
        try context.save()
        #expect(!context.hasChanges)
    }

    @Test("generated classes keep each attribute and relationship in the store and read them back; defaults and inverses as Core Data keeps them")
    func roundTrip() async throws {
        try await withStore { url in
            try fill(url)
            let context = ChoreStore(url: url, readOnly: true).container.viewContext
            let request: NSFetchRequest<Chore> = Chore.fetchRequest()
            request.sortDescriptors = [NSSortDescriptor(key: "title", ascending: true)]
            let chores = try context.fetch(request)
            #expect(chores.compactMap(\.title) == ["Bins", "Dishes", "Oven", "Sweep"])
            let oven = chores[2]
            #expect(oven.done && oven.points == 1 && oven.weight?.doubleValue == 1.5 && oven.id != nil)
            #expect(oven.due == start.addingTimeInterval(5 * 3_600))
            #expect(oven.room?.name == "Kitchen")
            #expect(oven.room?.openChores == ["Bins", "Dishes"], "the inverse, read from the store")
            #expect(oven.room === chores[0].room, "one object per row in a context")
            let rooms = try context.fetch(NSFetchRequest<Room>(entityName: "Room"))
            #expect(rooms.compactMap(\.name).sorted() == ["Hall", "Kitchen"])
            #expect(oven.objectID.uriRepresentation().absoluteString.hasPrefix("x-coredata:///Chore/p"))
            #expect(try context.existingObject(with: oven.objectID) === oven)
            // Made in memory: the inverse is kept as the relationship is set.
            let scratch = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
            let room = Room(entity: Room.entity(), insertInto: scratch)
            let chore = Chore(entity: Chore.entity(), insertInto: scratch)
            #expect(chore.points == 1 && chore.done == false && chore.title == "", "the model's defaults")
            room.addToChores(chore)
            #expect(chore.room === room)
            chore.room = nil
            #expect(room.chores?.count == 0)
        }
    }

    @Test("a fetch filters with NSPredicate(format:), sorts with NSSortDescriptor, cuts to offset and limit; changes and deletions are saved")
    func fetching() async throws {
        try await withStore { url in
            try fill(url)
            let context = ChoreStore(url: url, readOnly: false).container.viewContext
            func titles(_ format: String, _ args: CVarArg..., sort: [NSSortDescriptor] = [NSSortDescriptor(key: "title", ascending: true)], offset: Int = 0, limit: Int = 0) throws -> [String] {
                let request: NSFetchRequest<Chore> = Chore.fetchRequest()
                request.predicate = NSPredicate(format: format, argumentArray: args)
                request.sortDescriptors = sort
                request.fetchOffset = offset
                request.fetchLimit = limit
                return try context.fetch(request).compactMap(\.title)
            }
            #expect(try titles("done == NO") == ["Bins", "Dishes", "Sweep"])
            #expect(try titles("due < %@ AND done == false", start.addingTimeInterval(3 * 3_600) as NSDate) == ["Dishes", "Sweep"])
            #expect(try titles("room.name == %@", "Kitchen", sort: [NSSortDescriptor(key: "due", ascending: false)]) == ["Bins", "Oven", "Dishes"])
            #expect(try titles("title BEGINSWITH[c] 'd' OR title CONTAINS 'wee'") == ["Dishes", "Sweep"])
            #expect(try titles("%K IN %@", "title", ["Oven", "Bins", "Nope"]) == ["Bins", "Oven"])
            #expect(try titles("TRUEPREDICATE", offset: 1, limit: 2) == ["Dishes", "Oven"])
            #expect(try titles("TRUEPREDICATE", offset: 2, limit: .max) == ["Oven", "Sweep"], "a limit however large does not overflow")
            #expect(try titles("NOT (points > 0)").isEmpty)
            #expect(try context.count(for: Chore.fetchRequest()) == 4)
            let kitchen = try #require(try context.fetch(NSFetchRequest<Room>(entityName: "Room")).first { $0.name == "Kitchen" })
            #expect(try context.fetch(Room.fetchRequest() as NSFetchRequest<Room>).filter { ($0.chores?.count ?? 0) > 0 }.count == 2)
            let sweep = try #require(try context.fetch(Chore.fetchRequest() as NSFetchRequest<Chore>).first { $0.title == "Sweep" })
            sweep.done = true
            context.delete(try #require(try context.fetch(Chore.fetchRequest() as NSFetchRequest<Chore>).first { $0.title == "Oven" }))
            #expect(kitchen.chores?.count == 2, "a deleted chore leaves its room")
            try context.save()
            let reader = ChoreStore(url: url, readOnly: true).container.viewContext
            let left = try reader.fetch(Chore.fetchRequest() as NSFetchRequest<Chore>)
            #expect(left.compactMap(\.title).sorted() == ["Bins", "Dishes", "Sweep"])
            #expect(left.first { $0.title == "Sweep" }?.done == true)
        }
    }

    @Test("a reader never creates the store, and may not save; a value of the wrong type or a bad format is refused with the key, never a crash")
    func refusals() async throws {
        try await withStore { url in
            let reader = ChoreStore(url: url, readOnly: true).container.viewContext
            #expect(try reader.fetch(Chore.fetchRequest() as NSFetchRequest<Chore>).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: url.path))
            _ = Chore(context: reader)
            #expect(throws: (any Error).self) { try reader.save() }
            try fill(url)
            let context = ChoreStore(url: url, readOnly: false).container.viewContext
            let chore = Chore(context: context)
            chore.setValue("twelve", forKey: "points")
            chore.title = "Mop"
            let error = try #require(throws: (any Error).self) { try context.save() } as NSError
            #expect(error.localizedDescription.contains("Chore.points"))
            let request: NSFetchRequest<Chore> = Chore.fetchRequest()
            request.predicate = NSPredicate(format: "title == ")
            let bad = try #require(throws: (any Error).self) { try context.fetch(request) } as NSError
            #expect(bad.localizedDescription.contains("title == "))
            #expect(request.predicate?.evaluate(with: chore) == false)
            let missing = NSPersistentContainer(name: "NoSuchModel")
            missing.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
            var reason: String?
            missing.loadPersistentStores { _, error in reason = (error as NSError?)?.localizedDescription }
            #expect(reason?.contains("NoSuchModel.xcdatamodeld") == true)
        }
    }

    @Test("a store another program wrote: a file that is not one, rows that are not the store's, wrong values and dangling or mistyped relationships are refused or read as nothing, never a crash")
    func foreignStores() async throws {
        try await withStore { url in
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x5A, count: 4096).write(to: url)
            let garbage = ChoreStore(url: url, readOnly: true).container.viewContext
            #expect(throws: (any Error).self) { try garbage.fetch(Chore.fetchRequest() as NSFetchRequest<Chore>) }
            try FileManager.default.removeItem(at: url)
            try fill(url)
            let sql = [
                // A chore whose values are of other types, whose room is a row that is not
                // there, and one whose room is a chore.
                #"INSERT INTO "Chore" (data) VALUES ('{"title": "42", "points": "\"many\"", "done": "\"yes\"", "due": "\"soon\"", "room": "[\"Room/999\"]"}');"#,
                #"INSERT INTO "Chore" (data) VALUES ('{"title": "\"Loop\"", "room": "[\"Chore/1\", \"Chore/1\"]"}');"#,
            ].joined(separator: " ")
            try SwiftDataWidgetsTests.sqlite(url, sql)
            let context = ChoreStore(url: url, readOnly: true).container.viewContext
            let chores = try context.fetch(Chore.fetchRequest() as NSFetchRequest<Chore>)
            #expect(chores.count == 6)
            let odd = try #require(chores.first { $0.title == nil })
            #expect(odd.points == 0 && odd.done == false && odd.due == nil && odd.room == nil)
            let loop = try #require(chores.first { $0.title == "Loop" })
            #expect(loop.room == nil, "a relationship to a row of another entity reads as nothing")
            try SwiftDataWidgetsTests.sqlite(url, #"INSERT INTO "Chore" (data) VALUES ('[1, 2]');"#)
            #expect(throws: (any Error).self) { try ChoreStore(url: url, readOnly: true).container.viewContext.fetch(Chore.fetchRequest() as NSFetchRequest<Chore>) }
        }
    }

    @Test("the widget's provider reads today's chores from the store the app filled, and draws them")
    func widget() async throws {
        try await withStore { url in
            let widget = ChoresWidget(storeURL: url)
            let descriptor = try #require(widget.descriptors.first)
            let context = TimelineProviderContext(family: .accessoryRectangular, displaySize: CGSize(width: 160, height: 72), date: start)
            let size = Size(width: 160, height: 72)
            let empty = try await descriptor.instantiate([:]).timeline(context)
            #expect(empty.entries[0].place(size: size, environment: testEnvironment(.accessoryRectangular)).texts == ["All done"])
            try fill(url)
            let filled = try await descriptor.instantiate([:]).timeline(context)
            #expect(filled.entries[0].place(size: size, environment: testEnvironment(.accessoryRectangular)).texts == ["2 chores today", "Sweep", "Dishes"])
        }
    }
}
