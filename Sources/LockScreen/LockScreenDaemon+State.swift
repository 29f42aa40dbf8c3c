import ActivityKitCore  // for .publish
import Accessory  // for .activities
import DaemonRuntime  // for .now
import Logging
extension LockScreenDaemon {
    /// Shows the saved timelines of widgets that still match, marked stale until their
    /// providers answer, and the saved Live Activities a push could still have started,
    /// on their own times (`run()` does this first).
    package func restoreState() async {
        guard let saved = await state.restore(into: engine) else { return }
        let now = clock.now()
        activities.restore(saved.records, retired: saved.retired, now: now)
        state.note(activities.book)
        if !activities.isEmpty { logger.info("restored \(activities.book.records.count) Live Activit\(activities.book.records.count == 1 ? "y" : "ies")") }
        if saved.records.count > activities.book.records.count {
            logger.warning("left out \(saved.records.count - activities.book.records.count) saved Live Activities: ended since, or not valid now")
        }
        host.activities.publish(activities.book.records)
    }
}
