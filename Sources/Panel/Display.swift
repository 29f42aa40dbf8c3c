import Canvas
import Foundation

/// Where frames go: a device or a directory. Each backend converts only the damaged
/// rectangles to its own format.
package protocol Display: AnyObject {
    /// The size of the screen in pixels, after rotation.
    var size: (width: Int, height: Int) { get }
    /// A human-readable name for logs: "/dev/fb0 800×480 rgb565".
    var name: String { get }
    /// Shows `frame`, of which only `damage` changed since the last call (the first
    /// call's damage is the whole frame).
    func present(_ frame: Frame, damage: [PixelRect], refresh: Refresh, at time: Date) throws(DisplayError)
    /// When the display next needs work of its own regardless of content (an e-ink
    /// panel's cleaning full refresh); the daemon wakes for it. Nil for none.
    func nextMaintenance(after time: Date) -> Date?
    /// Does that work, given the frame currently shown.
    func performMaintenance(_ frame: Frame, at time: Date) throws(DisplayError)
}

extension Display {
    package func nextMaintenance(after time: Date) -> Date? { nil }
    package func performMaintenance(_ frame: Frame, at time: Date) throws(DisplayError) {}
}

/// Whether a presentation flashes the whole panel (e-ink "full") or updates in place.
package enum Refresh: String, Sendable, Codable {
    case full, partial
}

/// Why a display could not be opened or written.
package enum DisplayError: Error, CustomStringConvertible, Equatable {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    package var description: String {
        switch self {
        case let .cannotCreateDirectory(path, reason): "cannot use output directory '\(path)': \(reason)"
        case let .cannotWrite(path, reason): "cannot write '\(path)': \(reason)"
        }
    }
}
