import ActivityKitCore
import Accessory  // for .activities
import Canvas
import FoundationEssentials
import LockScreenModel  // for .band, .isEmpty, .place
import Logging

/// Live Activities on the lock page: the band below the row, or, on a panel with no room
/// for it, the most relevant activity's compact presentation in the date line.
extension LockScreenDaemon {
    /// Applies a start, update, end or dismissal, saying in the log what became of it;
    /// returns why it was not taken, for its sender.
    @discardableResult
    func apply(_ operation: ActivityOperation, now: Date) -> ActivityRefusal? {
        defer { host.activities.publish(activities.book.records) }
        do {
            try activities.apply(operation, now: now)
            logger.info("activity \(operation.id): \(operation.verb)")
            return nil
        } catch {
            logger.notice("activity \(operation.id) not \(operation.verb): \(error)")
            return error
        }
    }

    /// Applies the limits as of `now`, telling widget code's `Activity` what runs.
    func settleActivities(now: Date) {
        let before = activities.key
        activities.settle(now: now)
        if activities.key != before { host.activities.publish(activities.book.records) }
    }

    /// The band's rectangle on the lock page, while an activity is on screen.
    var band: Rect? {
        guard content.page == .lock, !activities.isEmpty else { return nil }
        return renderer.layout.band(sharingWithHome: !content.home.isEmpty && renderer.layout.below != nil)
    }

    /// What `slot` shows of the activities, as a key telling when it must be drawn again;
    /// nil when it shows none: the band shows them, the date line too while there is no band.
    func activityKey(for slot: PageSlot, band: Rect?) -> String? {
        switch slot.id {
        case .band: "band:" + activities.key
        case .dateLine where band == nil && content.page == .lock && !activities.isEmpty: "compact:" + activities.key
        default: nil
        }
    }

    /// The activities laid out in `slot` (the band's tiles, or the compact line).
    func placeActivities(in slot: PageSlot, now: Date) -> PlacedView {
        let scale = renderer.layout.scale
        let size = Size(width: slot.rect.width / scale, height: slot.rect.height / scale)
        return activities.place(size: size, now: now) { renderer.environment(family: $0, now: now) }
    }
}

extension ActivityOperation {
    /// What the operation does, for the log.
    var verb: String {
        switch self {
        case .start: "started"
        case .update: "updated"
        case .end: "ended"
        case .dismiss: "dismissed"
        }
    }
}
