import Accessory
import Canvas
import Foundation
import SwiftData
import Testing
import TestSupport

/// SwiftData in a widget (SwiftDataWidgets.swift): `@Model` classes kept in a SQLite
/// store the app fills and the widget reads, fetched with Foundation's `#Predicate`.
@Suite("SwiftData in widgets")
struct SwiftDataWidgetsTests {
    let start = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01

    /// A fresh store file, removed after the test.
    func withStore(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftdata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder.appendingPathComponent("trips.store"))
    }

    func fill(_ url: URL) throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        for (name, days) in [("Lisbon", 40), ("Oslo", 10), ("Kyoto", 90), ("Past", -5)] {
            let trip = Trip(name: name, destination: name + " centre", startDate: start.addingTimeInterval(Double(days) * 86_400),
                            endDate: start.addingTimeInterval(Double(days + 4) * 86_400), notes: name == "Oslo" ? "skis" : nil)
            trip.isExpanded = true
            trip.rating = name == "Oslo" ? 3 : 9
            trip.legs = [Leg(from: "Home", to: name)]
            context.insert(trip)
        }
        #expect(context.hasChanges)
        try context.save()
        #expect(!context.hasChanges)
    }

    @Test("@Model keeps each stored property in the store and reads it back; @Transient and a let's own value are not read")
    func roundTrip() async throws {
        try await withStore { url in
            try fill(url)
            let reader = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false))
            let trips = try ModelContext(reader).fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.startDate)]))
            #expect(trips.map(\.name) == ["Past", "Oslo", "Lisbon", "Kyoto"])
            let oslo = try #require(trips.first { $0.name == "Oslo" })
            #expect(oslo.destination == "Oslo centre" && oslo.days == 4 && oslo.notes == "skis" && !oslo.isFavorite)
            #expect(oslo.startDate == start.addingTimeInterval(10 * 86_400))
            #expect(trips.first { $0.name == "Kyoto" }?.notes == nil)
            #expect(!oslo.isExpanded, "transient: its default, not what the filler set")
            #expect(Trip.modelPropertyNames == ["name", "destination", "startDate", "endDate", "isFavorite", "notes", "created", "legs", "rating"])
            #expect(oslo.rating == 3, "a stored property with an observer is kept")
            #expect(oslo.legs?.map(\.to) == ["Oslo"], "a to-many relationship, and the new model it refers to inserted with it")
            #expect(oslo.legs?.first?.trip === oslo, "the inverse, set by the save though the app set one end")
            #expect(oslo.persistentModelID != trips[0].persistentModelID)
        }
    }

    @Test("relationships: models that refer to each other are read once each; either end set is kept at both; a deleted model drops out")
    func relationships() async throws {
        try await withStore { url in
            try fill(url)
            let container = try ModelContainer(for: Trip.self, Leg.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            let lisbon = try #require(try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Lisbon" })).first)
            // The app sets the leg's end only.
            let back = Leg(from: "Lisbon", to: "Home")
            back.trip = lisbon
            context.insert(back)
            try context.save()
            let reader = ModelContext(try ModelContainer(for: Trip.self, Leg.self, configurations: ModelConfiguration(url: url, allowsSave: false)))
            let legs = try reader.fetch(FetchDescriptor<Leg>(sortBy: [SortDescriptor(\.to)]))
            #expect(legs.map(\.to) == ["Home", "Kyoto", "Lisbon", "Oslo", "Past"])
            let trip = try #require(legs[0].trip)
            #expect(trip.name == "Lisbon" && Set(trip.legs?.map(\.to) ?? []) == ["Lisbon", "Home"], "the trip's end, kept by the save")
            #expect(trip.legs?.allSatisfy { $0.trip === trip } == true, "one object per row, however it was reached")
            #expect(try reader.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Lisbon" })).first === trip)
            // A deleted model is not read back through a relationship.
            let writer = ModelContext(container)
            let home = try #require(try writer.fetch(FetchDescriptor<Leg>(predicate: #Predicate { $0.to == "Home" })).first)
            writer.delete(home)
            try writer.save()
            let after = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false)))
            let again = try #require(try after.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Lisbon" })).first)
            #expect(again.legs?.map(\.to) == ["Lisbon"])
        }
    }

    @Test("a fetch filters with #Predicate, sorts, and cuts to its offset and limit; fetchCount counts")
    func fetching() async throws {
        try await withStore { url in
            try fill(url)
            let context = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url)))
            let after = start
            var descriptor = FetchDescriptor<Trip>(predicate: #Predicate { $0.startDate > after && $0.name != "Kyoto" }, sortBy: [SortDescriptor(\.name, order: .reverse)])
            #expect(try context.fetch(descriptor).map(\.name) == ["Oslo", "Lisbon"])
            #expect(try context.fetchCount(descriptor) == 2)
            descriptor.fetchOffset = 1
            descriptor.fetchLimit = 5
            #expect(try context.fetch(descriptor).map(\.name) == ["Lisbon"])
            #expect(try context.fetch(FetchDescriptor<Trip>()).count == 4)
        }
    }

    @Test("changes to fetched models, insertions and deletions are written by save(); the same model is one object in its context")
    func changes() async throws {
        try await withStore { url in
            try fill(url)
            let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            let oslo = try #require(try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Oslo" })).first)
            oslo.isFavorite = true
            try context.delete(model: Trip.self, where: #Predicate { $0.name == "Past" })
            context.insert(Trip(name: "Rome", destination: "Rome", startDate: start, endDate: start))
            #expect(try context.fetch(FetchDescriptor<Trip>()).count == 4, "unsaved: Past gone, Rome pending")
            #expect(try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Oslo" })).first === oslo)
            try context.save()
            let fresh = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false)))
            let names = try fresh.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])).map(\.name)
            #expect(names == ["Kyoto", "Lisbon", "Oslo", "Rome"])
            #expect(try fresh.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.isFavorite })).map(\.name) == ["Oslo"])
        }
    }

    @Test("@Model reads a class as written: comments, strings with braces, nested types, statics and methods are not properties")
    func modelShapes() throws {
        #expect(Leg.modelPropertyNames == ["from", "to", "trip", "label", "kind"])
        let memory = ModelContext(try ModelContainer(for: Leg.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true)))
        let leg = Leg.sample
        leg.kind = .bus
        leg.label = "{ still not a block }"
        memory.insert(leg)
        try memory.save()
        let again = ModelContext(memory.container)
        let read = try #require(try again.fetch(FetchDescriptor<Leg>()).first)
        #expect(read !== leg && read.describe() == "A–B by bus" && read.label == "{ still not a block }" && read.trip == nil)
    }

    @Test("a reader of a store not yet made reads no models and may not save; an in-memory store keeps models until it goes")
    func readers() async throws {
        try await withStore { url in
            let reader = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false)))
            #expect(try reader.fetch(FetchDescriptor<Trip>()).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: url.path), "a reader never creates the file")
            reader.insert(Trip(name: "X", destination: "Y", startDate: start, endDate: start))
            #expect(throws: SwiftDataError.self) { try reader.save() }
            let memory = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true)))
            memory.insert(Trip(name: "M", destination: "M", startDate: start, endDate: start))
            try memory.save()
            #expect(try memory.fetch(FetchDescriptor<Trip>()).map(\.name) == ["M"])
        }
    }

    @Test("a store that is not one, or a table another program wrote, is an error to catch, never a crash")
    func badStores() async throws {
        try await withStore { url in
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x5A, count: 4096).write(to: url)
            let garbage = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url, allowsSave: false)))
            #expect(throws: SwiftDataError.self) { try garbage.fetch(FetchDescriptor<Trip>()) }
            try FileManager.default.removeItem(at: url)
            // Another program's "Trip" table: a NULL, then text that is not the store's JSON.
            let other = ModelContext(try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url)))
            try other.save()
            try Self.sqlite(url, "CREATE TABLE \"Trip\" (id INTEGER PRIMARY KEY, data TEXT); INSERT INTO \"Trip\" (data) VALUES (NULL);")
            #expect(throws: SwiftDataError.self) { try ModelContext(other.container).fetch(FetchDescriptor<Trip>()) }
            try Self.sqlite(url, "UPDATE \"Trip\" SET data = '[1, 2]';")
            #expect(throws: SwiftDataError.self) { try ModelContext(other.container).fetch(FetchDescriptor<Trip>()) }
            try Self.sqlite(url, "UPDATE \"Trip\" SET data = '{\"name\": \"7\"}';")
            #expect(throws: SwiftDataError.self, "a row without the model's other properties") { try ModelContext(other.container).fetch(FetchDescriptor<Trip>()) }
        }
    }

    /// Runs SQL on a store as another program would, with Debian's sqlite3 shell's library.
    static func sqlite(_ url: URL, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()", url.path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("the widget's provider reads the next trip from the store the app filled, and draws it")
    func widget() async throws {
        let widget = NextTripWidget()
        defer { try? FileManager.default.removeItem(at: widget.storeURL) }
        try? FileManager.default.removeItem(at: widget.storeURL)
        let descriptor = try #require(widget.descriptors.first)
        let context = TimelineProviderContext(family: .accessoryRectangular, displaySize: CGSize(width: 160, height: 72), date: start)
        let size = Size(width: 160, height: 72)
        let empty = try await descriptor.instantiate([:]).timeline(context)
        #expect(empty.entries[0].place(size: size, environment: testEnvironment(.accessoryRectangular)).texts == ["No trips planned"])
        try fill(widget.storeURL)
        let filled = try await descriptor.instantiate([:]).timeline(context)
        #expect(filled.entries[0].place(size: size, environment: testEnvironment(.accessoryRectangular)).texts == ["Oslo", "in 10 days"])
    }
}
