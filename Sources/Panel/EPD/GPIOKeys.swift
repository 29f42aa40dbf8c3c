import CEPaperBus
import FoundationEssentials
import Glibc
import Synchronization

/// Keys between GPIO lines and ground (a HAT's buttons), read as the kernel reports their
/// edges: the lines are requested as inputs with the pull-up on, falling edges reported
/// and debounced by the kernel, under the consumer name "lockscreend". `next()` blocks
/// without a time-out until a press or `stop()`: no polling, no wake-ups while idle.
package final class GPIOKeys: Sendable {
    package let chip: String
    private let lines: Int32
    private let stopper: Int32
    private let closed = Mutex(false)

    /// Requests `pins` of `chip` (nil: the header's); a line another program holds or a
    /// permission problem is one line saying which.
    package init(chip: String?, pins: [UInt32], debounce: TimeInterval) throws(DisplayError) {
        let path = chip ?? SPILink.headerChip() ?? "/dev/gpiochip0"
        self.chip = path
        var message = [CChar](repeating: 0, count: 256)
        var fd: Int32 = -1
        var error = CEPaperBus_gpio_buttons(path, pins, pins.count, UInt32(max(0, debounce) * 1_000_000), &fd, &message, message.count)
        guard error == 0 else { throw SPILink.explain(error, device: path, message: message, isSPI: false) }
        lines = fd
        var stop: Int32 = -1
        error = CEPaperBus_stopper_open(&stop, &message, message.count)
        guard error == 0 else {
            Glibc.close(fd)
            throw SPILink.explain(error, device: path, message: message, isSPI: false)
        }
        stopper = stop
    }

    /// The next press: the line and its time (monotonic nanoseconds); nil once stopped.
    package func next() throws(DisplayError) -> (pin: UInt32, nanoseconds: UInt64)? {
        var line: UInt32 = 0, time: UInt64 = 0
        var message = [CChar](repeating: 0, count: 256)
        let error = CEPaperBus_gpio_wait_event(lines, stopper, &line, &time, &message, message.count)
        if error == ECANCELED { return nil }
        guard error == 0 else { throw SPILink.explain(error, device: chip, message: message, isSPI: false) }
        return (line, time)
    }

    /// Ends a `next()` waiting on another thread, and every later one.
    package func stop() { CEPaperBus_stopper_signal(stopper) }

    /// Gives the lines back; after `next()` has returned nil.
    package func close() {
        guard closed.withLock({ was in defer { was = true }; return !was }) else { return }
        Glibc.close(lines)
        Glibc.close(stopper)
    }
}

/// Presses on one key closer together than `window` are one (contacts bounce, and the
/// kernel's debouncing is not on every GPIO controller).
package struct KeyDebouncer: Sendable {
    package let window: UInt64
    private var last: [UInt32: UInt64] = [:]

    package init(seconds: TimeInterval) { window = UInt64(max(0, seconds) * 1e9) }

    /// Whether the press on `pin` at `nanoseconds` counts.
    package mutating func accept(pin: UInt32, at nanoseconds: UInt64) -> Bool {
        defer { last[pin] = nanoseconds }
        guard let previous = last[pin] else { return true }
        return nanoseconds &- previous >= window || nanoseconds < previous
    }
}
