import Foundation
import SwiftData

/// A reading of the house's electricity meter, as the app records it and the widget
/// shows the latest: shared between the app and its extension, as an app shares its
/// SwiftData models through an App Group.
@Model
public final class MeterReading {
    public var date: Date
    /// The meter's total, in kWh.
    public var total: Double
    public var note: String?

    public init(date: Date, total: Double, note: String? = nil) {
        self.date = date
        self.total = total
        self.note = note
    }

    /// The App Group whose folder holds the store.
    public static let appGroup = "group.org.example.energymonitor"

    /// The store in the App Group's folder, for the app (which writes) or the widget
    /// (which only reads).
    public static func container(writing: Bool) throws -> ModelContainer {
        let configuration = ModelConfiguration(allowsSave: writing, groupContainer: .identifier(appGroup))
        return try ModelContainer(for: MeterReading.self, configurations: configuration)
    }
}
