// A weather app's lock-screen and home-screen charts, with the app's imports: temperature
// ranges as floating bars, rain as steps, two series of lines, a band and a limit rule.
import Charts
import SwiftUI
import WidgetKit

struct HourForecast: Identifiable, Sendable {
    let hour: Date
    let low: Double
    let high: Double
    let rain: Double
    let feelsLike: Double
    var id: Date { hour }
}

enum Forecasts {
    static func day(from start: Date) -> [HourForecast] {
        let temperatures: [Double] = [4, 3, 3, 5, 8, 11, 13, 12, 9, 7]
        let rain: [Double] = [0, 0, 0.4, 1.2, 0.8, 0, 0, 0.2, 0, 0]
        return temperatures.indices.map { i in
            HourForecast(hour: start.addingTimeInterval(Double(i) * 7200), low: temperatures[i] - 2, high: temperatures[i] + 1, rain: rain[i], feelsLike: temperatures[i] - 3)
        }
    }
}

/// Temperature ranges as floating bars with the range of the day as a band behind them.
struct TemperatureRangeChart: View {
    let hours: [HourForecast]

    var body: some View {
        Chart {
            ForEach(hours) { hour in
                AreaMark(x: .value("Hour", hour.hour), yStart: .value("Low", hour.low), yEnd: .value("High", hour.high))
                    .foregroundStyle(.quaternary)
                BarMark(x: .value("Hour", hour.hour, unit: .hour), yStart: .value("Low", hour.low), yEnd: .value("High", hour.high))
                    .foregroundStyle(LinearGradient(gradient: Gradient(stops: [Gradient.Stop(color: .blue, location: 0), Gradient.Stop(color: .orange, location: 1)]), startPoint: .bottom, endPoint: .top))
            }
            RuleMark(xStart: .value("From", hours[2].hour), xEnd: .value("To", hours[5].hour), y: .value("Frost", 0))
                .lineStyle(StrokeStyle(lineWidth: 1.5, lineCap: .square, lineJoin: .bevel, miterLimit: 4, dash: [3, 2], dashPhase: 1))
        }
        .chartYScale(domain: .automatic(includesZero: false))
        .chartXAxis(.hidden)
    }
}

/// Rain as steps and the temperature against how it feels, as two named series.
struct RainAndFeelChart: View {
    let hours: [HourForecast]

    var body: some View {
        Chart {
            ForEach(hours) { hour in
                LineMark(x: .value("Hour", hour.hour), y: .value("mm", hour.rain * 5))
                    .interpolationMethod(.stepStart)
                LineMark(x: .value("Hour", hour.hour), y: .value("°C", hour.high), series: .value("Series", "Air"))
                    .interpolationMethod(.linear)
                    .foregroundStyle(by: .value("Series", "Air"))
                LineMark(x: .value("Hour", hour.hour), y: .value("°C", hour.feelsLike), series: .value("Series", "Feels like"))
                    .interpolationMethod(.stepCenter)
                    .foregroundStyle(by: .value("Series", "Feels like"))
                PointMark(x: .value("Hour", hour.hour), y: .value("°C", hour.high))
                    .symbolSize(12)
            }
        }
        .chartLegend(.visible)
        .chartYAxis(.visible)
    }
}

/// Rain in the next hours as a step line ending on its last value, and a compass needle
/// turned by radians, sized with a GeometryProxy.
struct RainNeedleView: View {
    let hours: [HourForecast]

    var body: some View {
        HStack {
            Chart(hours, id: \.hour) { hour in
                AreaMark(x: .value("Hour", hour.hour), y: .value("mm", hour.rain))
                    .interpolationMethod(.stepEnd)
                    .foregroundStyle(LinearGradient(stops: [.init(color: .white, location: 0), .init(color: .white.opacity(0.2), location: 1)], startPoint: UnitPoint(x: 0.5, y: 0), endPoint: .bottom))
            }
            .chartXAxis(.hidden)
            .chartYAxis(.hidden)
            GeometryReader { (proxy: GeometryProxy) in
                Capsule()
                    .frame(width: 4, height: proxy.size.height * 0.8)
                    .rotationEffect(Angle.radians(.pi / 4))
                    .frame(width: proxy.size.width, height: proxy.size.height)
            }
            .frame(width: 40)
        }
    }
}
