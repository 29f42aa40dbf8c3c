import Glibc
import Logging
import Synchronization
import Testing
import TestSupport  // for eventually
@testable import LockscreendCommand

/// What the services of a test did, in order.
private final class Record: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Runs until asked to stop, recording both; announces its start.
private struct Waiting: Service {
    let name: String
    let record: Record
    var started: AsyncStream<Void>.Continuation?

    func run() async throws {
        started?.yield()
        try await gracefulShutdown()
        record.add("\(name) asked")
        record.add("\(name) done")
    }
}

/// Ends at once, by returning or throwing.
private struct Ending: Service {
    struct Failure: Error {}
    let name: String
    let record: Record
    var fails = false

    func run() async throws {
        record.add("\(name) done")
        if fails { throw Failure() }
    }
}

@Suite("ServiceGroup: the daemon's services and how they stop")
struct ServiceGroupTests {
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test("a member that ends the group stops the others, the last first, each after the one behind it finished")
    func endingMemberStopsTheRestInReverse() async throws {
        let record = Record()
        let group = ServiceGroup(members: [
            .init(service: Ending(name: "loop", record: record), endsGroup: true),
            .init(service: Waiting(name: "socket", record: record)),
            .init(service: Waiting(name: "web", record: record)),
        ], logger: logger)
        try await group.run(stoppingOn: [])
        #expect(record.all == ["loop done", "web asked", "web done", "socket asked", "socket done"])
    }

    @Test("a member that ends without ending the group leaves the others running until the group stops")
    func quietEndKeepsTheGroup() async throws {
        let record = Record()
        let (started, continuation) = AsyncStream.makeStream(of: Void.self)
        let group = ServiceGroup(members: [
            .init(service: Waiting(name: "loop", record: record, started: continuation), endsGroup: true),
            .init(service: Ending(name: "keys", record: record)),
        ], logger: logger)
        // SIGUSR2 stands for SIGTERM, so the test runner keeps its own.
        async let run: Void = group.run(stoppingOn: [SIGUSR2])
        for await _ in started { break }
        try #require(await eventually { record.all == ["keys done"] })
        // Sent until it is taken: libdispatch arms its source on a thread of its own.
        try #require(await eventually { kill(getpid(), SIGUSR2); return record.all.count == 3 })
        try await run
        #expect(record.all == ["keys done", "loop asked", "loop done"])
    }

    @Test("a member's error stops the group and is thrown once every member has finished")
    func errorStopsTheGroup() async throws {
        let record = Record()
        let group = ServiceGroup(members: [
            .init(service: Waiting(name: "loop", record: record), endsGroup: true),
            .init(service: Ending(name: "broker", record: record, fails: true)),
        ], logger: logger)
        await #expect(throws: Ending.Failure.self) { try await group.run(stoppingOn: []) }
        #expect(record.all == ["broker done", "loop asked", "loop done"])
    }

    @Test("cancelWhenGracefulShutdown cancels its work at the shutdown; a handler added after it runs at once")
    func shutdownHelpers() async throws {
        let shutdown = GracefulShutdown()
        let record = Record()
        let (started, continuation) = AsyncStream.makeStream(of: Void.self)
        async let work: Void = GracefulShutdown.$current.withValue(shutdown) {
            await cancelWhenGracefulShutdown {
                continuation.yield()
                while !Task.isCancelled { await Task.yield() }
                record.add("cancelled")
            }
        }
        for await _ in started { break }
        shutdown.fire()
        await work
        await GracefulShutdown.$current.withValue(shutdown) {
            await withGracefulShutdownHandler { record.add("operation") } onGracefulShutdown: { record.add("handler") }
        }
        #expect(record.all == ["cancelled", "handler", "operation"])
    }

    @Test("gracefulShutdown ends with CancellationError when its task is cancelled first, and at once outside a group")
    func waitCancelled() async throws {
        let shutdown = GracefulShutdown()
        let waiter = Task { try await GracefulShutdown.$current.withValue(shutdown) { try await gracefulShutdown() } }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        await #expect(throws: CancellationError.self) { try await gracefulShutdown() }
    }
}
