import Panel
import PanelOptions

extension FuzzTarget {
    /// A touch screen's evdev events as the kernel hands them over, written as text: the
    /// first line the device's declared ranges (`xmin xmax ymin ymax`, any Int32s, as an
    /// odd digitizer may report), then one event a line (`type code value microseconds`:
    /// stamps may go back). Each tap is mapped onto an 800 × 480 panel, turned and
    /// calibrated.
    static let touch = FuzzTarget(name: "touch", seeds: [], inline: touchSeeds) { bytes in
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { line in
            line.split(separator: " ").map { Int64($0) ?? 0 }
        }
        func field(_ line: [Int64], _ n: Int) -> Int64 { n < line.count ? line[n] : 0 }
        let head = lines.first ?? []
        let (x0, x1) = (Int32(truncatingIfNeeded: field(head, 0)), Int32(truncatingIfNeeded: field(head, 1)))
        let (y0, y1) = (Int32(truncatingIfNeeded: field(head, 2)), Int32(truncatingIfNeeded: field(head, 3)))
        var tracker = TouchTracker(xRange: min(x0, x1)...max(x0, x1), yRange: min(y0, y1)...max(y0, y1))
        var mapping = TouchMapping(swapXY: x0 & 1 == 1, invertX: x0 & 2 == 2, calibration: [1, 0.1, -0.05, 0, 1, 0])
        mapping.rotation = [.none, .clockwise90, .upsideDown, .clockwise270][Int(y0 & 3)]
        for event in lines.dropFirst() {
            let tap = tracker.feed(
                type: UInt16(truncatingIfNeeded: field(event, 0)), code: UInt16(truncatingIfNeeded: field(event, 1)),
                value: Int32(truncatingIfNeeded: field(event, 2)), microseconds: UInt64(bitPattern: field(event, 3)))
            if let tap { _ = mapping.point(x: tap.x, y: tap.y, width: 800, height: 480) }
        }
    }

    /// A tap on a 0…1000 × 0…500 screen; one released before its press; a finger far
    /// outside the widest range, and a palm as wide as it.
    static let touchSeeds: [String] = {
        func touch(_ x: Int64, _ y: Int64, down: Int64, up: Int64) -> String {
            "3 0 \(x) \(down)\n3 1 \(y) \(down)\n1 330 1 \(down)\n0 0 0 \(down)\n3 0 \(x) \(up)\n3 1 \(y) \(up)\n1 330 0 \(up)\n0 0 0 \(up)\n"
        }
        let (low, high) = (Int64(Int32.min), Int64(Int32.max))
        return [
            "0 1000 0 500\n" + touch(250, 100, down: 0, up: 120_000),
            "0 1000 0 500\n" + touch(250, 100, down: 5_000_000, up: 1_000),
            "\(low) \(high) \(low) \(high)\n" + touch(high, low, down: 0, up: 100_000) + "3 48 \(high) 200000\n" + touch(low, high, down: 300_000, up: 310_000),
        ]
    }()
}
