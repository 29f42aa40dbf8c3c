import SwiftUICore
import Canvas

/// Where values fall along one side of a plot: a linear (or time) scale, or bands for
/// categories.
struct ChartScale {
    enum Kind {
        case linear(ClosedRange<Double>)
        case bands([String])
    }

    var kind: Kind
    var isDate = false

    /// A position 0…1 along the plot for a value (a band's centre for a category).
    func position(_ value: _PlotValue) -> Double? {
        switch (kind, value) {
        case let (.bands(names), .category(name)):
            guard let i = names.firstIndex(of: name) else { return nil }
            return (Double(i) + 0.5) / Double(names.count)
        case let (.linear(domain), value):
            guard let q = value.quantity else { return nil }
            return position(of: q, in: domain)
        default:
            return nil
        }
    }

    func position(of quantity: Double, in domain: ClosedRange<Double>) -> Double {
        let span = domain.upperBound - domain.lowerBound
        return span > 0 ? (quantity - domain.lowerBound) / span : 0.5
    }

    /// The width of one band, 0…1; 0 on a linear scale.
    var bandWidth: Double {
        if case let .bands(names) = kind, !names.isEmpty { return 1 / Double(names.count) }
        return 0
    }

    var domain: ClosedRange<Double>? {
        if case let .linear(domain) = kind { return domain }
        return nil
    }

    /// A domain for `values`: including zero when asked, widened to round steps when
    /// `nice`, and never empty.
    static func linear(values: [Double], includesZero: Bool, nice: Bool, desiredTicks: Int) -> ClosedRange<Double> {
        var low = values.min() ?? 0, high = values.max() ?? 1
        if includesZero {
            low = min(low, 0)
            high = max(high, 0)
        }
        if high <= low {
            low -= 1
            high += 1
        }
        guard nice else { return low...high }
        let step = niceStep(for: high - low, count: desiredTicks)
        return (low / step).rounded(.down) * step...(high / step).rounded(.up) * step
    }

    /// A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `count`.
    static func niceStep(for span: Double, count: Int) -> Double {
        let raw = span / Double(max(1, count))
        guard raw > 0, raw.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        for factor in [1.0, 2, 5, 10] where magnitude * factor >= raw { return magnitude * factor }
        return magnitude * 10
    }

    /// The round values inside `domain`, about `count` of them.
    static func numberTicks(in domain: ClosedRange<Double>, count: Int) -> [(value: Double, label: String)] {
        let step = niceStep(for: domain.upperBound - domain.lowerBound, count: count)
        var value = (domain.lowerBound / step).rounded(.up) * step
        var ticks: [(Double, String)] = []
        while value <= domain.upperBound + step * 1e-9, ticks.count < 50 {
            ticks.append((value, numberLabel(value, step: step)))
            value += step
        }
        return ticks
    }

    /// A number as an axis shows it: as many decimals as the step needs.
    static func numberLabel(_ value: Double, step: Double) -> String {
        var decimals = 0
        var unit = 1.0
        while step * unit < 0.999, decimals < 6 {
            unit *= 10
            decimals += 1
        }
        let rounded = (value * unit).rounded() / unit
        if decimals == 0 { return String(Int(rounded)) }
        let whole = Int(abs(rounded))
        let fraction = Int((abs(rounded) - Double(whole)) * unit + 0.5)
        let digits = String(fraction)
        let padded = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
        return (rounded < 0 ? "-" : "") + "\(whole).\(padded)"
    }

    /// Times on the hour, the half-hour or at midnight inside `domain` (seconds since the
    /// reference date), about `count` of them, labelled as the clock reads them.
    static func dateTicks(in domain: ClosedRange<Double>, count: Int, environment: EnvironmentValues) -> [(value: Double, label: String)] {
        let steps: [Double] = [60, 300, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172_800, 604_800]
        let span = domain.upperBound - domain.lowerBound
        let step = steps.first { span / $0 <= Double(max(1, count)) } ?? steps[steps.count - 1]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = environment.timeZone
        let first = Date(timeIntervalSinceReferenceDate: domain.lowerBound)
        let midnight = calendar.startOfDay(for: first).timeIntervalSinceReferenceDate
        var value = midnight + ((domain.lowerBound - midnight) / step).rounded(.up) * step
        var ticks: [(Double, String)] = []
        while value <= domain.upperBound, ticks.count < 50 {
            let date = Date(timeIntervalSinceReferenceDate: value)
            let parts = calendar.dateComponents([.hour, .minute, .weekday, .day], from: date)
            let label: String
            if step >= 86400 {
                let weekday = environment.dateLanguage.weekdays[(parts.weekday ?? 1) - 1]
                label = step >= 604_800 ? String(parts.day ?? 1) : String(weekday.prefix(3))
            } else {
                let hour = parts.hour ?? 0, minute = parts.minute ?? 0
                if environment.uses24HourClock {
                    label = minute == 0 && step >= 3600 ? String(hour) : "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
                } else {
                    let twelve = hour % 12 == 0 ? 12 : hour % 12
                    label = minute == 0 ? "\(twelve) " + (hour < 12 ? "AM" : "PM") : "\(twelve):" + (minute < 10 ? "0" : "") + "\(minute)"
                }
            }
            ticks.append((value, label))
            value += step
        }
        return ticks
    }
}
