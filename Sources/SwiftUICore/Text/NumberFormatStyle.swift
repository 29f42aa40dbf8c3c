import Canvas
import Glibc

/// A number format, as Foundation's number format styles are used in views:
/// `Text(0.72, format: .percent)`, `.number.precision(.fractionLength(1))`,
/// `.currency(code: "EUR")`. English grouping ("1,234.5").
public struct NumberFormatStyle: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case number, percent, currency(String) }

    /// How many digits follow the decimal point.
    public struct Precision: Sendable, Hashable {
        let fraction: ClosedRange<Int>

        /// Exactly `length` digits after the point.
        public static func fractionLength(_ length: Int) -> Precision {
            let n = min(max(length, 0), 15)
            return Precision(fraction: n...n)
        }

        /// Between `range`'s bounds of digits after the point.
        public static func fractionLength(_ range: ClosedRange<Int>) -> Precision {
            Precision(fraction: max(range.lowerBound, 0)...min(max(range.upperBound, 0), 15))
        }
    }

    /// How a number is written: in full, short with a thousands' name, or with an exponent.
    public struct Notation: Sendable, Hashable {
        enum Form: Sendable, Hashable { case automatic, compactName, scientific }
        let form: Form

        /// In full: "1,234,567".
        public static let automatic = Notation(form: .automatic)
        /// Short, with the thousands' name English gives it: "1.2K", "12K", "1.2M", "3B",
        /// two significant digits below ten of its unit, whole units above (as iOS does).
        public static let compactName = Notation(form: .compactName)
        /// With a power of ten: "1.234E3".
        public static let scientific = Notation(form: .scientific)
    }

    let kind: Kind
    var precision: Precision?
    var grouping = true
    var notation = Notation.automatic

    /// The number as it is, up to three digits after the point, grouped by thousands.
    public static var number: NumberFormatStyle { NumberFormatStyle(kind: .number) }
    /// The number times 100 with a percent sign: 0.72 → "72%".
    public static var percent: NumberFormatStyle { NumberFormatStyle(kind: .percent) }
    /// An amount of money in a currency by its ISO 4217 code.
    public static func currency(code: String) -> NumberFormatStyle { NumberFormatStyle(kind: .currency(code.uppercased())) }

    /// With this many digits after the point.
    public func precision(_ precision: Precision) -> NumberFormatStyle {
        var copy = self
        copy.precision = precision
        return copy
    }

    /// Whether thousands are grouped with commas.
    public func grouping(_ grouping: Grouping) -> NumberFormatStyle {
        var copy = self
        copy.grouping = grouping == .automatic
        return copy
    }

    /// Whether thousands are grouped.
    public enum Grouping: Sendable, Hashable { case automatic, never }

    /// Written in this notation: `.number.notation(.compactName)` → "1.2K".
    public func notation(_ notation: Notation) -> NumberFormatStyle {
        var copy = self
        copy.notation = notation
        return copy
    }

    /// `value` as this format shows it.
    func string(for value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        switch kind {
        case .number where notation.form == .compactName:
            return compact(value)
        case .number where notation.form == .scientific:
            return scientific(value)
        case .number:
            return Self.decimal(value, fraction: precision?.fraction ?? 0...3, grouping: grouping)
        case .percent:
            return Self.decimal(value * 100, fraction: precision?.fraction ?? 0...0, grouping: grouping) + "%"
        case let .currency(code):
            let symbols = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "INR": "₹", "CHF": "CHF "]
            let digits = code == "JPY" ? 0...0 : 2...2
            let amount = Self.decimal(abs(value), fraction: precision?.fraction ?? digits, grouping: grouping)
            return (value < 0 ? "-" : "") + (symbols[code] ?? code + " ") + amount
        }
    }

    /// `value` in thousands, millions, billions or trillions when it reaches one, rounded
    /// to two significant digits below ten of the unit and to whole units above, unless a
    /// precision says otherwise; a value that rounds up to the next unit takes its name.
    private func compact(_ value: Double) -> String {
        let names = ["", "K", "M", "B", "T"]
        var step = 0
        while step < names.count - 1, abs(value) >= pow(1000, Double(step + 1)) { step += 1 }
        func rounded(_ step: Int) -> (String, Double) {
            let scaled = value / pow(1000, Double(step))
            let fraction = precision?.fraction ?? (abs(scaled) < 10 ? (abs(scaled) < 1 ? 0...2 : 0...1) : 0...0)
            let text = Self.decimal(scaled, fraction: fraction, grouping: false)
            return (text, abs(Double(text) ?? scaled))
        }
        var (text, magnitude) = rounded(step)
        if magnitude >= 1000, step < names.count - 1 {
            step += 1
            (text, magnitude) = rounded(step)
        }
        return text + names[step]
    }

    /// `value` as a mantissa of up to three digits after its point and a power of ten.
    private func scientific(_ value: Double) -> String {
        guard value != 0 else { return "0E0" }
        var exponent = Int(log10(abs(value)).rounded(.down))
        var mantissa = Self.decimal(value / pow(10, Double(exponent)), fraction: precision?.fraction ?? 0...3, grouping: false)
        if abs(Double(mantissa) ?? 0) >= 10 {
            exponent += 1
            mantissa = Self.decimal(value / pow(10, Double(exponent)), fraction: precision?.fraction ?? 0...3, grouping: false)
        }
        return mantissa + "E" + String(exponent)
    }

    /// Rounded to `fraction.upperBound` digits, trailing zeros kept down to `fraction.lowerBound`.
    private static func decimal(_ value: Double, fraction: ClosedRange<Int>, grouping: Bool) -> String {
        var text = CFormat.string("%.*f", Int32(fraction.upperBound), abs(value))
        if fraction.upperBound > fraction.lowerBound, text.contains(".") {
            var drop = 0
            for character in text.reversed() {
                guard character == "0", drop < fraction.upperBound - fraction.lowerBound else { break }
                drop += 1
            }
            text.removeLast(drop)
            if text.hasSuffix(".") { text.removeLast() }
        }
        let parts = text.split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        if grouping, whole.count > 3 {
            var grouped = ""
            for (i, digit) in whole.reversed().enumerated() {
                if i > 0 && i % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            whole = String(grouped.reversed())
        }
        let negative = value < 0 && text.contains(where: { $0 != "0" && $0 != "." })
        return (negative ? "-" : "") + whole + (parts.count > 1 ? "." + parts[1] : "")
    }
}
