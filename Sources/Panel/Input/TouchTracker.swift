/// Turns a touch screen's events into taps: a contact that goes down and comes up again
/// close to where it started, soon enough, with no second finger, is a tap at the point
/// it went down; drags, long presses, palms (a second contact or a very wide one) are not.
package struct TouchTracker: Sendable {
    /// evdev's numbers, from linux/input-event-codes.h.
    package enum Code {
        static let synReport: UInt16 = 0, evKey: UInt16 = 1, evAbs: UInt16 = 3, evSyn: UInt16 = 0
        static let absX: UInt16 = 0x00, absY: UInt16 = 0x01
        static let mtSlot: UInt16 = 0x2F, mtTouchMajor: UInt16 = 0x30, mtPositionX: UInt16 = 0x35, mtPositionY: UInt16 = 0x36, mtTrackingID: UInt16 = 0x39
        static let btnLeft: UInt16 = 0x110, btnTouch: UInt16 = 0x14A
    }

    /// The axes' ranges, as the device reports them.
    package var xRange: ClosedRange<Int32>
    package var yRange: ClosedRange<Int32>
    /// Farther than this fraction of the shorter side between down and up is a drag.
    package var slop = 0.04
    /// Longer than this between down and up is a long press, not a tap.
    package var maximumMicroseconds: UInt64 = 800_000
    /// A contact wider than this fraction of the width is a palm.
    package var palmFraction = 0.25
    /// Presses closer than this to the last tap are a bounce.
    package var debounceMicroseconds: UInt64 = 80_000

    private var x: Int32 = 0, y: Int32 = 0
    private var down: (x: Int32, y: Int32, at: UInt64)?
    private var isDown = false
    private var cancelled = false
    private var slot: Int32 = 0
    private var lastTap: UInt64?

    package init(xRange: ClosedRange<Int32>, yRange: ClosedRange<Int32>) {
        self.xRange = xRange
        self.yRange = yRange
    }

    /// Feeds one event; returns a tap, as fractions 0…1 of the axes, when a report ends one.
    package mutating func feed(type: UInt16, code: UInt16, value: Int32, microseconds: UInt64) -> (x: Double, y: Double)? {
        switch (type, code) {
        case (Code.evAbs, Code.absX): x = value
        case (Code.evAbs, Code.absY): y = value
        // The first finger's slot only: a second is a palm or a pinch.
        case (Code.evAbs, Code.mtPositionX) where slot == 0: x = value
        case (Code.evAbs, Code.mtPositionY) where slot == 0: y = value
        case (Code.evAbs, Code.mtSlot):
            slot = value
            if value > 0, isDown { cancelled = true }
        case (Code.evAbs, Code.mtTrackingID) where slot > 0 && value >= 0:
            cancelled = true
        case (Code.evAbs, Code.mtTouchMajor):
            if Double(value) > width * palmFraction { cancelled = true }
        case (Code.evKey, Code.btnTouch), (Code.evKey, Code.btnLeft):
            isDown = value != 0
        case (Code.evSyn, Code.synReport):
            return report(at: microseconds)
        default:
            break
        }
        return nil
    }

    private mutating func report(at time: UInt64) -> (x: Double, y: Double)? {
        if isDown, down == nil {
            // A palm seen in this very report stays seen.
            down = (x, y, time)
            return nil
        }
        guard !isDown, let start = down else {
            if !isDown { cancelled = false }
            return nil
        }
        down = nil
        defer { cancelled = false }
        // Every difference in 64 bits: an axis may span all of Int32, a finger may be
        // reported anywhere in it, and a time stamp may be earlier than the last (the
        // device's clock stepped back): none of these may trap.
        let dx = Double(Int64(x) - Int64(start.x)) / width, dy = Double(Int64(y) - Int64(start.y)) / height
        guard !cancelled, (dx * dx + dy * dy).squareRoot() <= slop, time >= start.at, time - start.at <= maximumMicroseconds else { return nil }
        if let last = lastTap, time >= last, time - last < debounceMicroseconds { return nil }
        lastTap = time
        return (Double(Int64(start.x) - Int64(xRange.lowerBound)) / width, Double(Int64(start.y) - Int64(yRange.lowerBound)) / height)
    }

    /// The axes' spans in device units, at least 1.
    private var width: Double { Double(max(Int64(xRange.upperBound) - Int64(xRange.lowerBound), 1)) }
    private var height: Double { Double(max(Int64(yRange.upperBound) - Int64(yRange.lowerBound), 1)) }
}
