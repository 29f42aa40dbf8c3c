import FoundationEssentials
import Synchronization

/// Where widget code's `Activity` calls meet the daemon, as `WidgetCenter` is for
/// reloads: operations queue here until the daemon reads them into its inbox, and the
/// daemon writes back what is running, which `Activity.activities` reads. Apple's API
/// is static (`Activity<Attributes>.request`), so this one object is process-wide; the
/// daemon's own state stays in its `ActivityBook`.
package final class ActivityCenter: Sendable {
    package static let shared = ActivityCenter()

    private struct State {
        var running: [ActivityRecord] = []
        var waiting: [ActivityOperation] = []
        var reader: AsyncStream<ActivityOperation>.Continuation?
    }
    private let state = Mutex(State())

    /// The activities as the daemon last reported them (or as requested, before it has).
    package var running: [ActivityRecord] { state.withLock { $0.running } }

    /// Hands an operation to the daemon; queued until one reads `operations`.
    package func submit(_ operation: ActivityOperation, provisional record: ActivityRecord? = nil) {
        state.withLock { state in
            if let record { state.running.append(record) }
            if let reader = state.reader {
                reader.yield(operation)
            } else {
                state.waiting.append(operation)
            }
        }
    }

    /// The operations widget code submits, those queued first. One reader at a time: a
    /// second call ends the first's stream.
    package func operations() -> AsyncStream<ActivityOperation> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActivityOperation.self, bufferingPolicy: .bufferingNewest(256))
        let previous = state.withLock { state in
            defer {
                state.reader = continuation
                state.waiting.removeAll()
            }
            for operation in state.waiting { continuation.yield(operation) }
            return state.reader
        }
        previous?.finish()
        return stream
    }

    /// What the daemon runs now.
    package func publish(_ records: [ActivityRecord]) {
        state.withLock { $0.running = records }
    }
}
