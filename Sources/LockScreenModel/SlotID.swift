import ControlProtocol

/// A part of the lock screen that is drawn, and redrawn, on its own.
package enum SlotID: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The weekday and date with the inline widget after it.
    case dateLine
    /// The big clock.
    case clock
    /// The n-th widget of the row.
    case unit(Int)
    /// The n-th widget of the home page.
    case home(Int)
    /// The photo page's widget.
    case photo
    /// Live Activities' band below the row.
    case band

    package var description: String {
        switch self {
        case .dateLine: "date line"
        case .clock: "clock"
        case let .unit(n): "unit \(n)"
        case let .home(n): "home \(n)"
        case .photo: "photo"
        case .band: "activities"
        }
    }

    private var order: Int {
        switch self {
        case .dateLine: -2
        case .clock: -1
        case let .unit(n): n
        case let .home(n): 1_000 + n
        case .photo: 10_000
        case .band: 900
        }
    }

    package static func < (a: SlotID, b: SlotID) -> Bool { a.order < b.order }
}
