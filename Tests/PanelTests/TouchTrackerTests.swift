import Panel
import PanelOptions
import Testing

/// Taps from evdev events: what a finger, a tablet, a drag and a palm send.
@Suite("Touch taps")
struct TouchTrackerTests {
    typealias Event = (type: UInt16, code: UInt16, value: Int32, ms: UInt64)

    func taps(_ events: [Event]) -> [(x: Double, y: Double)] {
        var tracker = TouchTracker(xRange: 0...1000, yRange: 0...500)
        return events.compactMap { tracker.feed(type: $0.type, code: $0.code, value: $0.value, microseconds: $0.ms * 1000) }
    }

    /// A contact at (x, y) at `down` ms, lifted at (x2, y2) at `up` ms.
    func touch(_ x: Int32, _ y: Int32, at down: UInt64, to x2: Int32? = nil, _ y2: Int32? = nil, up: UInt64, key: UInt16 = 0x14A) -> [Event] {
        [(3, 0, x, down), (3, 1, y, down), (1, key, 1, down), (0, 0, 0, down),
         (3, 0, x2 ?? x, up), (3, 1, y2 ?? y, up), (1, key, 0, up), (0, 0, 0, up)]
    }

    @Test("a short touch is a tap at the point it went down, as fractions of the axes; a tablet's left button too")
    func tap() {
        let found = taps(touch(250, 100, at: 0, up: 120))
        #expect(found.count == 1 && found[0].x == 0.25 && found[0].y == 0.2)
        #expect(taps(touch(500, 250, at: 0, up: 90, key: 0x110)).count == 1)
    }

    @Test("a drag, a long press and a bounce are not taps")
    func notTaps() {
        #expect(taps(touch(100, 100, at: 0, to: 400, 100, up: 150)).isEmpty)
        #expect(taps(touch(100, 100, at: 0, up: 2_000)).isEmpty)
        #expect(taps(touch(100, 100, at: 0, up: 50) + touch(100, 100, at: 60, up: 100)).count == 1)
    }

    @Test("a second finger or a palm-wide contact cancels the tap")
    func palms() {
        var second = touch(100, 100, at: 0, up: 100)
        second.insert((3, 0x2F, 1, 10), at: 4)
        second.insert((3, 0x39, 7, 10), at: 5)
        #expect(taps(second).isEmpty)
        var palm = touch(100, 100, at: 0, up: 100)
        palm.insert((3, 0x30, 400, 0), at: 2)
        #expect(taps(palm).isEmpty)
    }

    @Test("an axis spanning all of Int32, a finger far outside the declared range and a clock stepped back do not trap (round 4, attack 3)")
    func extremes() {
        // Each of these trapped: Int32 subtraction of the range and of the positions, and
        // UInt64 subtraction of a release stamped before its press.
        var wide = TouchTracker(xRange: Int32.min...Int32.max, yRange: Int32.min...Int32.max)
        var found: [(x: Double, y: Double)] = []
        for event in touch(Int32.max, Int32.min, at: 0, up: 100) + [(3, 0x30, Int32.max, 200)] + touch(Int32.min, Int32.max, at: 300, to: Int32.max, Int32.min, up: 350) {
            if let tap = wide.feed(type: event.type, code: event.code, value: event.value, microseconds: event.ms * 1000) { found.append(tap) }
        }
        #expect(found.count == 1 && found[0].x == 1 && found[0].y == 0, "the corner tap; the drag across everything is none")
        var narrow = TouchTracker(xRange: 0...1000, yRange: 0...500)
        for event in touch(Int32.max, Int32.min, at: 0, up: 100) {
            if let tap = narrow.feed(type: event.type, code: event.code, value: event.value, microseconds: event.ms * 1000) {
                #expect(TouchMapping().point(x: tap.x, y: tap.y, width: 800, height: 480) == nil, "far outside the panel")
            }
        }
        #expect(taps(touch(100, 100, at: 5_000, up: 1_000)).isEmpty, "released before it was pressed: the clock stepped back")
        #expect(taps(touch(100, 100, at: 5_000, up: 5_050) + touch(100, 100, at: 10, up: 60)).count == 2, "the clock stepped back between taps")
    }

    @Test("the mapping swaps, mirrors, calibrates and turns back the panel's rotation")
    func mapping() throws {
        let plain = try #require(TouchMapping().point(x: 0.25, y: 0.5, width: 800, height: 480))
        #expect(plain.x == 200 && plain.y == 240)
        let swapped = try #require(TouchMapping(swapXY: true, invertX: true).point(x: 0.25, y: 0.5, width: 800, height: 480))
        #expect(swapped.x == 400 && swapped.y == 120)
        // A panel turned 90° clockwise: its glass's top-right corner is the frame's top-left.
        var turned = TouchMapping()
        turned.rotation = .clockwise90
        let corner = try #require(turned.point(x: 1, y: 0, width: 480, height: 800))
        #expect(corner.x == 0 && corner.y == 0)
        #expect(TouchMapping(calibration: [1, 0, 0.6, 0, 1, 0]).point(x: 0.5, y: 0.5, width: 800, height: 480) == nil, "calibrated off the panel")
    }
}
