import CEPaperBus
import Glibc

/// A touch screen or tablet's evdev node, read on a thread of its own that sleeps in
/// poll(2) without a time-out until the device speaks or `stop()`: no wake-ups while
/// nobody touches it. Read-only; the daemon never grabs the device.
package final class TouchScreen: @unchecked Sendable {
    package let path: String
    package let name: String
    package let isDirect: Bool
    /// Whether its events are stamped by the monotonic clock (`EVIOCSCLOCKID`), so a
    /// wall clock stepped back between a press and its release cannot lose the tap.
    package let isMonotonic: Bool
    private let fd: Int32
    private let stopper: Int32
    private var tracker: TouchTracker

    /// Opens `path`; fails with one clear line unless it is a touch screen or tablet.
    package init(path: String) throws(DisplayError) {
        var info = CEPaperBus_touch_info()
        var fd: Int32 = -1
        var message = [CChar](repeating: 0, count: 256)
        guard CEPaperBus_touch_open(path, &info, &fd, &message, message.count) == 0 else {
            throw .deviceFailed(path: path, call: "open as a touch screen", reason: Self.text(message))
        }
        var stopper: Int32 = -1
        guard CEPaperBus_stopper_open(&stopper, &message, message.count) == 0 else {
            Glibc.close(fd)
            throw .deviceFailed(path: path, call: "eventfd", reason: Self.text(message))
        }
        self.path = path
        self.fd = fd
        self.stopper = stopper
        name = withUnsafeBytes(of: info.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        isDirect = info.direct != 0
        isMonotonic = info.monotonic != 0
        tracker = TouchTracker(xRange: info.x_min...info.x_max, yRange: info.y_min...info.y_max)
    }

    /// The evdev nodes that are touch screens or tablets, screens (`INPUT_PROP_DIRECT`) first.
    package static func find(in directory: String = "/dev/input") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var found: [(String, Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("event") else { continue }
            if let screen = try? TouchScreen(path: directory + "/" + name) {
                found.append((screen.path, screen.isDirect))
                screen.close()
            }
        }
        return found.sorted { ($0.1 ? 0 : 1, $0.0) < ($1.1 ? 0 : 1, $1.0) }.map(\.0)
    }

    /// The next tap, as fractions of the axes; nil once stopped. Throws when the device
    /// goes away or fails.
    package func nextTap() throws(DisplayError) -> (x: Double, y: Double)? {
        var events = [CEPaperBus_input_event](repeating: CEPaperBus_input_event(), count: 64)
        var message = [CChar](repeating: 0, count: 256)
        while true {
            var count = 0
            let result = CEPaperBus_touch_wait(fd, stopper, &events, events.count, &count, &message, message.count)
            if result == ECANCELED { return nil }
            if result == ENODEV { throw .noSuchDevice(path: path) }
            if result != 0 { throw .deviceFailed(path: path, call: "read", reason: Self.text(message)) }
            for event in events.prefix(count) {
                if let tap = tracker.feed(type: event.type, code: event.code, value: event.value, microseconds: event.microseconds) { return tap }
            }
        }
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    /// Wakes `nextTap()` from another thread, which then returns nil.
    package func stop() { CEPaperBus_stopper_signal(stopper) }

    package func close() {
        Glibc.close(fd)
        Glibc.close(stopper)
    }
}
