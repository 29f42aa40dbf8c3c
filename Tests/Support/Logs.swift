import Foundation
import Logging
import Synchronization

/// The fixture tree standing for `/` in the tests (Tests/Fixtures): /proc, /sys,
/// calendars, configurations and pictures.
package let fixtureRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// 2026-11-22 14:04:57 UTC.
package let testNow = Date(timeIntervalSince1970: 1_795_356_297)

/// A logger that says nothing below critical.
package let quietLogger: Logger = {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    return logger
}()

/// Keeps every line logged through it, for tests that count what a flood writes.
package final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    package init() {}

    package var logger: Logger {
        Logger(label: "captured") { _ in Handler(log: self) }
    }

    package var all: [String] { lines.withLock { $0 } }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.lines.withLock { $0.append("\(event.level): \(event.message)") }
        }
    }
}
