import Accessory
import Canvas
import Charts
import Testing
import TestSupport

/// The weather app's charts (WeatherWidgets.swift): floating bars, bands, steps, series.
@Suite("Weather charts")
struct WeatherChartTests {
    let golden = Golden()
    let hours = Forecasts.day(from: testNow)

    @Test("floating bars from low to high over a band, a dashed rule part-way, the y scale without zero")
    func ranges() throws {
        let hours = self.hours
        let placed = place(.systemMedium, environment: { $0.widgetRenderingMode = .fullColor }) { TemperatureRangeChart(hours: hours).padding() }
        // Lows 1…11, highs 4…14 and the frost rule at 0: round steps from 0 to 15,
        // zero there for the rule, not for the scale's sake.
        #expect(placed.texts.prefix(4) == ["0", "5", "10", "15"], "\(placed.texts)")
        #expect(placed.all.filter { $0.name == "BarMark" }.count == hours.count)
        try golden.check(draw(placed), named: "weather-ranges")
    }

    @Test("steps, two named series with a legend, points, the axes shown")
    func series() throws {
        let hours = self.hours
        let placed = place(.systemMedium, environment: { $0.widgetRenderingMode = .fullColor }) { RainAndFeelChart(hours: hours).padding() }
        #expect(placed.texts.prefix(2) == ["Air", "Feels like"], "\(placed.texts)")
        #expect(placed.all.filter { $0.name == "LineMark" }.count == 3)
        try golden.check(draw(placed), named: "weather-series")
    }

    @Test("a step area and a needle turned by radians inside a GeometryReader, on the lock screen")
    func stepsAndNeedle() throws {
        let hours = self.hours
        try golden.check(draw(place(.accessoryRectangular) { RainNeedleView(hours: hours) }), named: "weather-rain-needle")
    }

    @Test("step interpolations turn where Swift Charts turns them")
    func steps() throws {
        func corners(_ method: InterpolationMethod) throws -> Int {
            let placed = place(.accessoryRectangular) {
                Chart {
                    LineMark(x: .value("x", 0), y: .value("y", 0)).interpolationMethod(method)
                    LineMark(x: .value("x", 1), y: .value("y", 1)).interpolationMethod(method)
                    LineMark(x: .value("x", 2), y: .value("y", 0)).interpolationMethod(method)
                }
            }
            let line = try #require(placed.all.first { $0.name == "LineMark" })
            guard case let .shape(drawing) = line.content else { return -1 }
            return drawing.path.elements.count
        }
        // A move, then per span: one line (linear), two (start, end), three (centre).
        #expect(try corners(.linear) == 3)
        #expect(try corners(.stepStart) == 5 && corners(.stepEnd) == 5)
        #expect(try corners(.stepCenter) == 7)
    }
}
