import SwiftUICore
/// A value a chart can place on an axis, as Swift Charts' `Plottable`: numbers are
/// placed on a linear scale, dates on a time scale, strings as categories.
public protocol Plottable: Sendable {
    /// The value as a chart reads it.
    var _plotValue: _PlotValue { get }
}

/// What a `Plottable` is to a scale.
public enum _PlotValue: Hashable, Sendable {
    case number(Double)
    case date(Date)
    case category(String)

    /// The value on a linear or time scale; nil for a category.
    var quantity: Double? {
        switch self {
        case let .number(value): value.isFinite ? value : nil
        case let .date(date): date.timeIntervalSinceReferenceDate
        case .category: nil
        }
    }
}

extension Double: Plottable { public var _plotValue: _PlotValue { .number(self) } }
extension Float: Plottable { public var _plotValue: _PlotValue { .number(Double(self)) } }
extension Int: Plottable { public var _plotValue: _PlotValue { .number(Double(self)) } }
extension Date: Plottable { public var _plotValue: _PlotValue { .date(self) } }
extension String: Plottable { public var _plotValue: _PlotValue { .category(self) } }

/// A value with the name of what it measures, as `.value("Glucose", reading.mgdl)`.
public struct PlottableValue<Value: Plottable>: Sendable {
    let label: String
    let value: _PlotValue
    /// For a date: the span one mark covers, as `.value("Day", date, unit: .day)`.
    let unit: Calendar.Component?

    /// A value and its name.
    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: Text(label).words, value: value._plotValue, unit: nil)
    }

    /// A value and its name, from a string made at run time.
    @_disfavoredOverload
    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: String(label), value: value._plotValue, unit: nil)
    }
}

extension PlottableValue where Value == Date {
    /// A date standing for a whole unit of time: a bar covers the day or hour it starts.
    public static func value(_ label: LocalizedStringKey, _ value: Date, unit: Calendar.Component) -> PlottableValue<Date> {
        PlottableValue(label: Text(label).words, value: .date(value), unit: unit)
    }
}
