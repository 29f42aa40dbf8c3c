import Foundation
@testable import Config
@testable import ControlProtocol
@testable import JSON
@testable import LockScreen
@testable import Providers
@testable import TimelineEngine
import Logging
import Synchronization
import TestSupport
import ZoneInfo

/// The fixture tree standing for `/` in these tests.
let fixtureRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// 2026-11-22 14:04:57 UTC.
let testNow = Date(timeIntervalSince1970: 1_795_356_297)

func testOptions(width: Int = 800, height: Int = 480) -> DaemonOptions {
    TestFonts.pin()
    var options = DaemonOptions()
    options.width = width
    options.height = height
    options.face.timeZone = ZoneRules.utc
    options.systemRoot = fixtureRoot
    options.start = testNow
    return options
}

let quietLogger: Logger = {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    return logger
}()

/// The mistakes `LockScreenConfig.parse` finds in `text` as it prints them; empty when none.
func configIssues(_ text: String, file: String) -> String {
    do {
        _ = try LockScreenConfig.parse(text, file: file, registry: .standard(systemRoot: fixtureRoot))
        return ""
    } catch {
        return "\(error)"
    }
}

/// Keeps every line logged through it, for tests that count what a flood writes.
final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    var logger: Logger {
        Logger(label: "captured") { _ in Handler(log: self) }
    }

    var all: [String] { lines.withLock { $0 } }

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
