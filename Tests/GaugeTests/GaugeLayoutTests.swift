import Canvas
import Foundation
import Testing
@testable import Gauge

@Suite("GaugeLayout")
struct GaugeLayoutTests {
    let label = Size(width: 20, height: 10)

    @Test("values are clamped to the bounds", arguments: [
        (5.0, 0.0, 10.0, 0.5), (-3, 0, 10, 0), (42, 0, 10, 1), (50, 0, 100, 0.5), (1, 1, 1, 0), (.nan, 0, 1, 0),
    ])
    func clamping(value: Double, lower: Double, upper: Double, fraction: Double) {
        #expect(GaugeValue(value: value, in: lower...upper).fraction == fraction)
    }

    private func marker(_ layout: GaugeLayout) -> Point? {
        for case let .dot(center, _, _) in layout.shapes { return center }
        return nil
    }

    @Test("the open ring runs 270° with its gap at the bottom; the marker follows the value")
    func openRing() throws {
        let size = Size(width: 72, height: 72)
        let empty = GaugeLayout(kind: .accessoryCircular, value: GaugeValue(value: 0), available: size, unit: 1, labelSizes: [:])
        let full = GaugeLayout(kind: .accessoryCircular, value: GaugeValue(value: 1), available: size, unit: 1, labelSizes: [:])
        let half = GaugeLayout(kind: .accessoryCircular, value: GaugeValue(value: 0.5), available: size, unit: 1, labelSizes: [:])
        guard case let .arc(center, radius, start, end, width, _, _) = empty.shapes[0] else {
            Issue.record("first shape is not the track arc")
            return
        }
        #expect(abs((end - start) - 1.5 * .pi) < 1e-9)
        #expect(abs(radius - 26) < 1e-9 && abs(width - 6) < 1e-9)
        let m0 = try #require(marker(empty)), m1 = try #require(marker(full)), mh = try #require(marker(half))
        // Empty sits at the lower left end, full at the lower right, half at the top.
        #expect(m0.x < center.x && m0.y > center.y)
        #expect(m1.x > center.x && m1.y > center.y)
        #expect(abs(mh.x - center.x) < 1e-9 && mh.y < center.y)
        #expect(abs(m0.y - m1.y) < 1e-9)
    }

    @Test("circular labels: value in the centre, label in the gap unless bounds labels take it")
    func circularLabels() {
        let size = Size(width: 72, height: 72)
        let plain = GaugeLayout(kind: .accessoryCircular, value: GaugeValue(value: 0.3), available: size, unit: 1, labelSizes: [.label: label, .currentValue: label])
        let centre = plain.labelFrames[.currentValue]!
        #expect(abs(centre.midX - 36) < 1e-9 && abs(centre.midY - 36) < 1e-9)
        #expect(plain.labelFrames[.label]!.midY > 55)
        let bounded = GaugeLayout(kind: .accessoryCircular, value: GaugeValue(value: 0.3), available: size, unit: 1, labelSizes: [.label: label, .minimum: label, .maximum: label])
        #expect(bounded.labelFrames[.label] == nil)
        #expect(bounded.labelFrames[.minimum]!.midX < 36 && bounded.labelFrames[.maximum]!.midX > 36)
    }

    @Test("minimum and maximum labels sit on the ring's end caps, the ring stopping short of them")
    func labelsOnEndCaps() throws {
        let size = Size(width: 72, height: 72)
        let wide = Size(width: 14, height: 12)
        let layout = GaugeLayout(kind: .accessoryCircular, value: GaugeValue(value: 0), available: size, unit: 1, labelSizes: [.minimum: wide, .maximum: wide])
        let end = 26 * 0.5.squareRoot()
        let minimum = try #require(layout.labelFrames[.minimum]), maximum = try #require(layout.labelFrames[.maximum])
        #expect(abs(minimum.midX - (36 - end)) < 1e-9 && abs(minimum.midY - (36 + end)) < 1e-9)
        #expect(abs(maximum.midX - (36 + end)) < 1e-9 && abs(maximum.midY - (36 + end)) < 1e-9)
        guard case let .arc(_, _, start, stop, _, _, _) = layout.shapes[0] else {
            Issue.record("first shape is not the track arc")
            return
        }
        #expect(start > GaugeLayout.openRingStart + 0.3 && stop < GaugeLayout.openRingStart + GaugeLayout.openRingSweep - 0.3)
        // The marker at the minimum sits at the trimmed arc's start, clear of the label.
        let m = try #require(marker(layout))
        #expect(hypot(m.x - minimum.midX, m.y - minimum.midY) > 8)
    }

    @Test("the capacity ring fills clockwise from the top by the fraction")
    func capacity() {
        let layout = GaugeLayout(kind: .accessoryCircularCapacity, value: GaugeValue(value: 0.25), available: Size(width: 72, height: 72), unit: 1, labelSizes: [:])
        #expect(layout.shapes.count == 2)
        guard case let .arc(_, _, start, end, _, paint, range) = layout.shapes[1] else {
            Issue.record("no fill arc")
            return
        }
        #expect(paint == .fill)
        #expect(abs(start + .pi / 2) < 1e-9)
        #expect(abs(end - start - .pi / 2) < 1e-9)
        #expect(range == 0...0.25)
        let empty = GaugeLayout(kind: .accessoryCircularCapacity, value: GaugeValue(value: 0), available: Size(width: 72, height: 72), unit: 1, labelSizes: [:])
        #expect(empty.shapes.count == 1)
    }

    @Test("a circular gauge takes the largest centred square")
    func square() {
        let layout = GaugeLayout(kind: .accessoryCircular, value: GaugeValue(value: 0.5), available: Size(width: 100, height: 60), unit: 1, labelSizes: [:])
        guard case let .arc(center, radius, _, _, _, _, _) = layout.shapes[0] else { return }
        #expect(center == Point(x: 50, y: 30))
        #expect(abs(radius - 26 * 60 / 72) < 1e-9)
    }

    @Test("linear: bounds labels at the ends, the track between them")
    func linear() {
        let layout = GaugeLayout(kind: .accessoryLinear, value: GaugeValue(value: 0.5), available: Size(width: 150, height: 0), unit: 1, labelSizes: [.minimum: label, .maximum: label, .currentValue: label])
        #expect(layout.labelFrames[.minimum]!.minX == 0)
        #expect(layout.labelFrames[.maximum]!.maxX == 150)
        #expect(layout.labelFrames[.currentValue] == nil)
        guard case let .bar(from, to, _, _, _) = layout.shapes[0] else { return }
        #expect(from.x > 20 && to.x < 130)
        let marker = marker(layout)!
        #expect(abs(marker.x - (from.x + to.x) / 2) < 1e-9)
    }

    @Test("linear capacity: label above, bar filled to the value, current value below")
    func linearCapacity() {
        let layout = GaugeLayout(kind: .accessoryLinearCapacity, value: GaugeValue(value: 0.75), available: Size(width: 100, height: 0), unit: 1, labelSizes: [.label: label, .currentValue: label])
        let top = layout.labelFrames[.label]!, bottom = layout.labelFrames[.currentValue]!
        guard case let .bar(from, to, _, _, _) = layout.shapes[0], case let .bar(_, fillEnd, _, paint, _) = layout.shapes[1] else {
            Issue.record("missing bars")
            return
        }
        #expect(top.maxY < from.y && bottom.minY > from.y)
        #expect(paint == .fill)
        #expect(abs(fillEnd.x - (from.x + (to.x - from.x) * 0.75)) < 1e-9)
        #expect(layout.size.height == bottom.maxY)
    }

    @Test("a gradient tint interpolates along the scale")
    func tint() {
        let tint = GaugeTint([.black, .white])
        #expect(tint.color(at: 0) == .black)
        #expect(tint.color(at: 1) == .white)
        #expect(abs(tint.color(at: 0.5).red - 0.5) < 1e-9)
        #expect(!GaugeTint([.white]).isGradient)
    }
}
