import Testing
@testable import Canvas

@Suite("ArcMaskCache")
struct ArcMaskCacheTests {
    /// The arc drawn into a fresh frame at `origin` and `scale`, through a kept mask or not,
    /// inside an opacity layer with a cut-out (as a gauge draws its track) or not.
    static func draw(reusable: Bool, origin: Point, scale: Double, layered: Bool, cap: Canvas.LineCap) -> Frame {
        var frame = Frame(width: 160, height: 160, fill: 20)
        frame.draw { canvas in
            canvas.withSavedState { canvas in
                canvas.clip(to: Rect(x: 5, y: 5, width: 150, height: 150))
                canvas.translate(x: origin.x, y: origin.y)
                canvas.scale(by: scale)
                func arcs(_ canvas: inout Canvas) {
                    canvas.strokeArc(
                        center: Point(x: 30, y: 30), radius: 24, startAngle: 0.75 * .pi, endAngle: 2.25 * .pi,
                        lineWidth: 5, lineCap: cap, color: RGBA(red: 1, green: 1, blue: 1, alpha: 0.3), reusable: reusable)
                    if layered { canvas.eraseCircle(center: Point(x: 30, y: 54), radius: 4) }
                }
                if layered { canvas.withLayer { arcs(&$0) } } else { arcs(&canvas) }
            }
        }
        return frame
    }

    @Test("a kept mask draws what stroking the arc draws, to one level of rounding at a few pixels inside a layer", arguments: [
        (Point(x: 0, y: 0), 2.0, false, Canvas.LineCap.round),
        (Point(x: 3.3, y: 7.71), 2.21, true, .round),
        (Point(x: 10.5, y: 0.25), 1.37, false, .butt),
        (Point(x: -2.9, y: 4.05), 2.5, true, .butt),
    ])
    func samePixels(origin: Point, scale: Double, layered: Bool, cap: Canvas.LineCap) {
        let stroked = Self.draw(reusable: false, origin: origin, scale: scale, layered: layered, cap: cap)
        let first = Self.draw(reusable: true, origin: origin, scale: scale, layered: layered, cap: cap)
        let again = Self.draw(reusable: true, origin: origin, scale: scale, layered: layered, cap: cap)
        #expect(Self.difference(stroked, Frame(width: 160, height: 160, fill: 20)).pixels > 500)
        for drawn in [first, again] {
            let (pixels, largest) = Self.difference(drawn, stroked)
            #expect(largest <= 1 && pixels <= (layered ? 5 : 0), "\(pixels) pixels differ, by up to \(largest)")
        }
    }

    /// How many pixels differ, and the largest difference in a channel.
    static func difference(_ a: Frame, _ b: Frame) -> (pixels: Int, largest: Int) {
        var (pixels, largest) = (0, 0)
        for i in Swift.stride(from: 0, to: a.pixels.count, by: 4) {
            let d = (0..<3).map { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) }.max()!
            if d > 0 { pixels += 1 }
            largest = max(largest, d)
        }
        return (pixels, largest)
    }

    @Test("it keeps at most its capacity of masks, and of bytes")
    func bounded() {
        for i in 0..<(ArcMaskCache.capacity + 8) {
            _ = Self.draw(reusable: true, origin: Point(x: Double(i) / 64, y: 0), scale: 1, layered: false, cap: .round)
        }
        #expect(ArcMaskCache.count == ArcMaskCache.capacity)
        // Large arcs: a few fill the byte limit, and the oldest make way.
        for i in 0..<6 {
            _ = Self.draw(reusable: true, origin: Point(x: Double(i) / 64, y: 0), scale: 14, layered: false, cap: .round)
        }
        #expect(ArcMaskCache.bytes <= ArcMaskCache.byteLimit)
        #expect(ArcMaskCache.count < ArcMaskCache.capacity)
    }
}
