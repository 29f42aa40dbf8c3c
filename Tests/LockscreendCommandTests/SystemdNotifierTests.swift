import Foundation
import Glibc
import Testing
@testable import LockscreendCommand
@testable import Config
@testable import ControlProtocol
@testable import JSON
@testable import LockScreen
@testable import Providers
@testable import DaemonRuntime
@testable import TimelineEngine

@Suite("SystemdNotifier")
struct SystemdNotifierTests {
    /// A datagram socket bound at `address` (a path, or "@name" for an abstract one).
    func listener(_ address: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var sun = sockaddr_un()
        sun.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(address.utf8)
        withUnsafeMutableBytes(of: &sun.sun_path) { raw in
            raw.copyBytes(from: bytes)
            if bytes.first == UInt8(ascii: "@") { raw[0] = 0 } else { raw[bytes.count] = 0 }
        }
        let size = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == UInt8(ascii: "@") ? 0 : 1))
        let bound = withUnsafePointer(to: &sun) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        try #require(bound == 0)
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    func receive(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
    }

    @Test("states reach the socket named in NOTIFY_SOCKET, a path or an abstract name", arguments: ["path", "abstract"])
    func notify(kind: String) throws {
        let address = kind == "path" ? FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID())").path : "@lockscreend-test-\(UUID())"
        let fd = try listener(address)
        defer {
            close(fd)
            if kind == "path" { unlink(address) }
        }
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": address])
        #expect(notifier.notify("READY=1\nSTATUS=drawing"))
        #expect(receive(fd) == "READY=1\nSTATUS=drawing")
    }

    @Test("the watchdog interval is half of WATCHDOG_USEC, for this process only")
    func watchdog() {
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "60000000"]).watchdogInterval == 30)
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "60000000", "WATCHDOG_PID": "1"]).watchdogInterval == nil)
        #expect(SystemdNotifier(environment: [:]).watchdogInterval == nil)
        #expect(SystemdNotifier(environment: [:]).notify("READY=1") == false)
    }

    @Test("a step that runs too long stops the heartbeat")
    func heartbeat() {
        let heartbeat = Heartbeat()
        #expect(!heartbeat.isAlive(at: 100, limit: 30))  // not up yet
        heartbeat.markUp()
        #expect(heartbeat.isAlive(at: 100, limit: 30))
        heartbeat.enter(100)
        #expect(heartbeat.isAlive(at: 110, limit: 30))
        #expect(!heartbeat.isAlive(at: 131, limit: 30))
        heartbeat.leave()
        #expect(heartbeat.isAlive(at: 500, limit: 30))
    }
}
