import FoundationEssentials
import Synchronization

/// Where widget code's `Activity` calls meet the daemon, as `WidgetCenter` is for
/// reloads: operations queue here until the daemon reads them into its inbox, and the
/// daemon writes back what is running, which `Activity.activities` reads. Apple's API
/// is static (`Activity<Attributes>.request`), so its calls reach the process's host's
/// center (`WidgetHost`); the daemon's own state stays in its `ActivityBook`.
package final class ActivityCenter: Sendable {
    package init() {}

    private struct State {
        var running: [ActivityRecord] = []
        var waiting: [ActivityOperation] = []
        var readers: [UUID: AsyncStream<ActivityOperation>.Continuation] = [:]
    }
    private let state = Mutex(State())

    /// The activities as the daemon last reported them (or as requested, before it has).
    package var running: [ActivityRecord] { state.withLock { $0.running } }

    /// Hands an operation to every reader; queued for the first one while there is none.
    package func submit(_ operation: ActivityOperation, provisional record: ActivityRecord? = nil) {
        state.withLock { state in
            if let record { state.running.append(record) }
            if state.readers.isEmpty {
                if state.waiting.count < 256 { state.waiting.append(operation) }
            } else {
                for reader in state.readers.values { reader.yield(operation) }
            }
        }
    }

    /// The operations widget code submits from now on (and those queued before any
    /// reader), until the stream is dropped.
    package func operations() -> AsyncStream<ActivityOperation> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActivityOperation.self, bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        state.withLock { state in
            for operation in state.waiting { continuation.yield(operation) }
            state.waiting.removeAll()
            state.readers[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.readers.removeValue(forKey: id) } }
        return stream
    }

    /// What the daemon runs now.
    package func publish(_ records: [ActivityRecord]) {
        state.withLock { $0.running = records }
    }
}
