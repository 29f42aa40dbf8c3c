import Logging

/// The daemon's services run side by side until SIGTERM or SIGINT, or until one that
/// ends the group ends; then each is asked to stop, the last first, each only once the
/// one after it has finished — so the loop, given first, stops last and the socket
/// answers until the final frame.
///
/// Written here rather than taken from swift-service-lifecycle: that package and
/// swift-async-algorithms, which it brings, were 1.8 MB of the stripped daemon for this
/// one group (docs/PERFORMANCE.md); this is what the daemon used of them.
struct ServiceGroup {
    struct Member {
        let service: any Service
        /// Whether its end, for whatever reason, stops the group (the loop's does).
        var endsGroup = false
    }

    let members: [Member]
    let logger: Logger

    private enum Event {
        case signal(Int32)
        case finished(Int, (any Error)?)
        case signalsEnded
    }

    /// Runs the group; throws the first error a service threw, once all have finished.
    func run(stoppingOn signals: [Int32]) async throws {
        let shutdowns = members.map { _ in GracefulShutdown() }
        let watch = SignalStream(trapping: signals)
        var firstError: (any Error)?
        await withTaskGroup(of: Event.self) { group in
            for (index, member) in members.enumerated() {
                group.addTask {
                    do {
                        try await GracefulShutdown.$current.withValue(shutdowns[index]) { try await member.service.run() }
                        return .finished(index, nil)
                    } catch {
                        return .finished(index, error)
                    }
                }
            }
            group.addTask {
                for await signal in watch.signals { return .signal(signal) }
                return .signalsEnded
            }
            var finished = Set<Int>()
            // The service asked to stop last; none while running.
            var stopping: Int?
            func stopNext() {
                var next = (stopping ?? members.count) - 1
                while next >= 0, finished.contains(next) { next -= 1 }
                stopping = next
                if next >= 0 { shutdowns[next].fire() }
            }
            while let event = await group.next() {
                switch event {
                case let .signal(number):
                    logger.debug("signal \(number): stopping the services")
                    if stopping == nil { stopNext() }
                case .signalsEnded:
                    break
                case let .finished(index, error):
                    finished.insert(index)
                    if let error {
                        logger.debug("\(members[index].service) ended: \(error)")
                        if firstError == nil { firstError = error }
                    }
                    if stopping == nil, members[index].endsGroup || error != nil {
                        stopNext()
                    } else if stopping == index {
                        stopNext()
                    }
                }
                if finished.count == members.count {
                    watch.stop()
                    group.cancelAll()
                }
            }
        }
        if let firstError { throw firstError }
    }
}
