import AppIntents
import Accessory
import Canvas
import Charts
import Testing
import TestSupport

/// The glucose monitor's widgets (GlucoseWidgets.swift, compiled with `import WidgetKit`,
/// `SwiftUI`, `Charts` and `AppIntents` and nothing changed), drawn and compared.
@Suite("Widgets with Apple's imports")
struct AppleImportsTests {
    let golden = Golden()

    static func entry(_ values: [Double], inRange: Double = 0.72) -> GlucoseEntry {
        GlucoseEntry(date: testNow, readings: GlucoseProvider.readings(until: testNow, values: values), timeInRange: inRange)
    }

    static let values: [Double] = [142, 150, 163, 171, 168, 155, 138, 121, 109, 104, 112, 126]

    @Test("the bundle offers its widgets, the one under #available too, named from NSLocalizedString and Text")
    func bundle() {
        let descriptors = GlucoseBundle().descriptors
        #expect(descriptors.map(\.kind) == ["GlucoseChart", "TimeInRange", "Sensor"])
        #expect(descriptors[0].displayName == "Glucose" && descriptors[0].description == "Your latest readings.")
        #expect(SensorProvider().recommendations().map(\.description) == ["With trend", "Reading only"])
    }

    @Test("a sparkline chart with rules and a point, on the lock screen (vibrant)")
    func sparkline() throws {
        let entry = Self.entry(Self.values)
        let placed = place(.accessoryRectangular) { GlucoseChartView(entry: entry) }
        #expect(placed.texts.prefix(2) == ["126", "mg/dL"])
        try golden.check(draw(placed), named: "glucose-chart")
    }

    @Test("a new reading redraws the chart, not the row above it")
    func newPointDamagesTheChart() throws {
        func widget(_ values: [Double]) -> PlacedView {
            let entry = Self.entry(values)
            return place(.accessoryRectangular) {
                VStack(alignment: .leading, spacing: 2) {
                    Text("Glucose").font(.headline)
                    Chart(entry.readings) { LineMark(x: .value("Time", $0.date), y: .value("mg/dL", $0.value)) }
                        .chartXAxis(.hidden)
                        .chartYAxis(.hidden)
                        .chartYScale(domain: 40...300)
                }
            }
        }
        let before = widget(Array(Self.values.dropLast())), after = widget(Self.values)
        let chart = try #require(after.all.first { $0.name == "Chart" }).frame
        let changed = try #require(changedArea(draw(before, scale: 2), draw(after, scale: 2)))
        let text = try #require(after.find("Glucose")).frame
        // In points: every changed pixel is inside the chart, below the title.
        #expect(Double(changed.y) / 2 >= text.maxY - 0.5 && Double(changed.y + changed.height) / 2 <= chart.maxY + 1, "\(changed) \(chart)")
    }

    @Test("a trimmed ring turned to start at 12 o'clock, StrokeStyle's round caps, scaled text")
    func ring() throws {
        let entry = Self.entry(Self.values)
        try golden.check(draw(place(.accessoryCircular) { TimeInRangeView(entry: entry) }), named: "time-in-range")
        // Turned by -90°, a quarter ring covers 12 to 3 o'clock: the top is lit, the right-hand
        // bottom not; unturned it covers 3 to 6 o'clock.
        func ring(_ degrees: Double) -> Frame {
            draw(place(.accessoryCircular) { Circle().trim(from: 0, to: 0.25).stroke(Color.white, style: StrokeStyle(lineWidth: 6)).rotationEffect(.degrees(degrees)) }, scale: 1)
        }
        let turned = ring(-90), straight = ring(0)
        let top = (x: turned.width / 2 + 4, y: 3), bottom = (x: turned.width / 2 + 4, y: turned.height - 3)
        #expect(lit(turned, top) && !lit(turned, bottom))
        #expect(!lit(straight, top) && lit(straight, bottom))
    }

    @Test("a ring growing by a little changes pixels only at its moving end")
    func trimDamage() throws {
        func ring(_ to: Double) -> Frame {
            draw(place(.accessoryCircular) { Circle().trim(from: 0, to: to).stroke(style: StrokeStyle(lineWidth: 5, lineCap: .round)) }, scale: 2)
        }
        let changed = try #require(changedArea(ring(0.5), ring(0.52)))
        // From 3 o'clock clockwise, half a ring ends at 9 o'clock: the change is at the left.
        #expect(changed.width < 40 && changed.height < 40, "\(changed)")
        #expect(changed.x < ring(0.5).width / 3)
    }

    @Test("LinearGradient and Color.gradient fill shapes; GeometryReader sizes from the space")
    func gradientsAndGeometry() throws {
        let entry = Self.entry(Self.values)
        let placed = place(.accessoryRectangular, environment: { $0.widgetRenderingMode = .fullColor }) { RangeBandView(entry: entry) }
        let band = try #require(placed.all.first { $0.name == "Shape" })
        #expect(abs(band.frame.width - placed.frame.width * 126 / 300) < 0.5, "\(band.frame) in \(placed.frame)")
        try golden.check(draw(placed), named: "range-band-fullcolor")
        try golden.check(draw(place(.accessoryRectangular) { RangeBandView(entry: entry) }), named: "range-band-vibrant")
    }

    @Test("a chart as Swift Charts draws it by default: axes, grid, zero on the y scale, a legend for series")
    func defaultChart() throws {
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri"]
        let placed = place(.systemMedium, environment: { $0.widgetRenderingMode = .fullColor }) {
            Chart {
                ForEach(Array(days.enumerated()), id: \.offset) { i, day in
                    BarMark(x: .value("Day", day), y: .value("Steps", Double(4000 + i * 1500)))
                        .foregroundStyle(by: .value("Kind", "Steps"))
                    LineMark(x: .value("Day", day), y: .value("Goal", 8000.0))
                        .foregroundStyle(by: .value("Kind", "Goal"))
                }
            }
            .padding()
        }
        #expect(placed.texts.contains("0") && placed.texts.contains("Mon") && placed.texts.contains("Goal"), "\(placed.texts)")
        try golden.check(draw(placed), named: "chart-defaults")
        let noZero = place(.accessoryRectangular) {
            Chart { ForEach(Array(Self.values.enumerated()), id: \.offset) { LineMark(x: .value("i", $0.offset), y: .value("v", $0.element)) } }
                .chartYScale(domain: .automatic(includesZero: false))
                .chartXAxis(.hidden)
        }
        #expect(!noZero.texts.contains("0") && noZero.texts.contains("150"), "\(noZero.texts)")
    }

    /// Whether the pixel at `p` has any light.
    private func lit(_ frame: Frame, _ p: (x: Int, y: Int)) -> Bool {
        let i = p.y * frame.bytesPerRow + p.x * 4
        return frame.pixels[i] > 40 || frame.pixels[i + 1] > 40 || frame.pixels[i + 2] > 40
    }

    /// The smallest rectangle holding every pixel that differs, nil when none does.
    private func changedArea(_ a: Frame, _ b: Frame) -> PixelRect? {
        var (x0, y0, x1, y1) = (Int.max, Int.max, -1, -1)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = y * a.bytesPerRow + x * 4
                if a.pixels[i..<i + 4] != b.pixels[i..<i + 4] {
                    (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
                }
            }
        }
        return x1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    @Test("buttons in each style and a switch, on the lock screen; their controls are where they are drawn, with their parameters")
    func controls() throws {
        let placed = place(.accessoryRectangular) { QuickLogView(alarmOn: true) }
        try golden.check(draw(placed), named: "quick-log")
        let controls = placed.controls
        #expect(controls.count == 4)
        #expect(controls.map(\.control.isOn) == [nil, nil, nil, true])
        #expect(Set(controls.map(\.control.action.id)).count == 4, "each intent's parameters make it a control of its own")
        let hit = try #require(placed.control(at: Point(x: controls[1].frame.midX, y: controls[1].frame.midY)))
        #expect(hit.control.action.id == controls[1].control.action.id)
        let bottom = try #require(controls.map(\.frame.maxY).max())
        #expect(placed.control(at: Point(x: 80, y: bottom + 1)) == nil, "below every control, no control")
    }
}
