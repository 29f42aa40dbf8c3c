import Canvas
import FoundationEssentials

/// Text, as SwiftUI's: plain or interpolated strings, and dates that update themselves
/// (`Text(date, style: .timer)`) without new timeline entries.
public struct Text: View, PrimitiveView, Equatable {
    /// How a date in a text is shown and how often it changes.
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case time, date, relative, offset, timer, clock, weekdayDate }
        let kind: Kind
        /// The time of day, "9:41"; changes each minute.
        public static let time = DateStyle(kind: .time)
        /// The date, "November 22, 2026"; changes at midnight.
        public static let date = DateStyle(kind: .date)
        /// Time to or since the date, "11 min, 14 sec"; changes each second.
        public static let relative = DateStyle(kind: .relative)
        /// Signed offset from now, "+11 minutes"; changes each minute.
        public static let offset = DateStyle(kind: .offset)
        /// A running clock, "15:00", counting down to the date and then up from it.
        public static let timer = DateStyle(kind: .timer)
        /// The lock screen's big clock: "9:41" (no AM/PM) or "09:41"; changes each minute.
        package static let lockScreenClock = DateStyle(kind: .clock)
        /// The lock screen's date line, "Sun 22 Nov"; changes at midnight.
        package static let lockScreenDate = DateStyle(kind: .weekdayDate)
    }

    enum Segment: Hashable, Sendable {
        case literal(String)
        case date(Date, DateStyle)
        case timerInterval(ClosedRange<Date>, pauseTime: Date?, countsDown: Bool, showsHours: Bool)
        case dateRange(ClosedRange<Date>)
        /// A symbol inside the text, drawn in the icon font: `"\(Image(systemName:)) 80%"`.
        case symbol(String)
        /// A date in a fixed format, `Text(date, format: .dateTime.hour().minute())`.
        case formattedDate(Date, DateFormatStyle)
    }

    var segments: [Segment]
    var font: Font? = nil
    var weight: Font.Weight? = nil
    var color: Color? = nil
    var isItalic = false
    var monospacedDigits = false
    var strikethrough = false
    var tracking: Double? = nil
    var width: Font.Width? = nil

    /// A text from a string literal, which may interpolate numbers with a
    /// `specifier:` and dates with a `style:`.
    public init(_ key: LocalizedStringKey) {
        segments = key.segments
    }

    /// A text from a localisable key with a translator's comment, as apps write their
    /// strings; the key is the text (a string table has only the default value here).
    public init(_ key: LocalizedStringKey, tableName: String? = nil, comment: StaticString) {
        self.init(key)
    }

    /// Where `.truncationMode(_:)` puts the ellipsis of a text too long for its space.
    public enum TruncationMode: Sendable, Hashable {
        case head
        case middle
        case tail
    }

    /// The letter case `.textCase(_:)` sets.
    public enum Case: Sendable, Hashable {
        case uppercase
        case lowercase
    }

    /// A text showing a string as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        segments = [.literal(String(content))]
    }

    /// A text showing a string without interpretation.
    public init(verbatim content: String) {
        segments = [.literal(content)]
    }

    init(segments: [Segment]) {
        self.segments = segments
    }

    /// A date shown in a style that keeps itself current.
    public init(_ date: Date, style: DateStyle) {
        segments = [.date(date, style)]
    }

    /// A timer over an interval: counting down to its end (or up from its start),
    /// stopping at the bounds; frozen at `pauseTime` when given.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        segments = [.timerInterval(timerInterval, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours)]
    }

    /// A time range, "9:30–2:45".
    public init(_ dates: ClosedRange<Date>) {
        segments = [.dateRange(dates)]
    }

    public var body: Never { bodyNever() }

    /// Joins two texts; the result keeps the first one's font and colour.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var joined = lhs
        joined.segments += rhs.segments
        return joined
    }

    public func font(_ font: Font?) -> Text { with { $0.font = font } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { with { $0.weight = weight } }
    public func bold() -> Text { fontWeight(.bold) }
    public func italic() -> Text { with { $0.isItalic = true } }
    public func monospacedDigit() -> Text { with { $0.monospacedDigits = true } }
    public func foregroundColor(_ color: Color?) -> Text { with { $0.color = color } }
    /// A line through the text, in its colour (a colour of its own is not drawn).
    public func strikethrough(_ active: Bool = true, color: Color? = nil) -> Text { with { $0.strikethrough = active } }
    /// Extra space between letters, in points.
    public func tracking(_ tracking: Double) -> Text { with { $0.tracking = tracking } }
    /// Extra space between letters, in points (Pango spaces letters evenly either way).
    public func kerning(_ kerning: Double) -> Text { with { $0.tracking = kerning } }
    /// The letters' width: condensed, expanded.
    public func fontWidth(_ width: Font.Width?) -> Text { with { $0.width = width } }

    private func with(_ change: (inout Text) -> Void) -> Text {
        var copy = self
        change(&copy)
        return copy
    }

    /// `string` in the case `textCase` asks for.
    static func cased(_ string: String, _ textCase: Case?) -> String {
        switch textCase {
        case .uppercase: string.uppercased()
        case .lowercase: string.lowercased()
        case nil: string
        }
    }

    /// The words as the text reads now, in the default environment: a configuration's
    /// name or description given as a `Text`.
    package var words: String { resolved(in: EnvironmentValues()).0 }

    /// The string shown at `environment.now`, when it changes next, and the UTF-8 ranges
    /// of symbols in it.
    func resolved(in environment: EnvironmentValues) -> (String, [LiveSchedule], symbols: [Range<Int>]) {
        var text = ""
        var live: [LiveSchedule] = []
        var symbols: [Range<Int>] = []
        let now = environment.now
        for segment in segments {
            switch segment {
            case let .literal(s):
                text += Self.cased(s, environment.textCase)
            case let .date(date, style):
                switch style.kind {
                case .time:
                    text += Self.cased(DateText.time(date, zone: environment.zone, twentyFourHour: environment.uses24HourClock), environment.textCase)
                    live.append(.minutes(phase: Date(timeIntervalSince1970: 0)))
                case .date:
                    text += Self.cased(DateText.longDate(date, zone: environment.zone, language: environment.dateLanguage), environment.textCase)
                    live.append(.days(environment.zone))
                case .clock:
                    text += Self.cased(DateText.clock(date, zone: environment.zone, twentyFourHour: environment.uses24HourClock), environment.textCase)
                    live.append(.minutes(phase: Date(timeIntervalSince1970: 0)))
                case .weekdayDate:
                    text += Self.cased(DateText.lockScreenDate(date, zone: environment.zone, language: environment.dateLanguage), environment.textCase)
                    live.append(.days(environment.zone))
                case .relative:
                    text += Self.cased(DateText.relative(date.timeIntervalSince(now), words: environment.dateLanguage.durationWords), environment.textCase)
                    live.append(.relative(to: date))
                case .offset:
                    text += Self.cased(DateText.offset(date.timeIntervalSince(now), words: environment.dateLanguage.durationWords), environment.textCase)
                    live.append(.minutes(phase: date))
                case .timer:
                    text += Self.cased(DateText.timer(now.timeIntervalSince(date)), environment.textCase)
                    live.append(.seconds(phase: date))
                }
            case let .timerInterval(range, pauseTime, countsDown, showsHours):
                let at = min(max(pauseTime ?? now, range.lowerBound), range.upperBound)
                let shown = countsDown ? range.upperBound.timeIntervalSince(at) : at.timeIntervalSince(range.lowerBound)
                text += Self.cased(DateText.timer(shown.rounded(countsDown ? .up : .down), showsHours: showsHours), environment.textCase)
                if pauseTime == nil { live.append(.steps(start: range.lowerBound, end: range.upperBound, step: 1)) }
            case let .dateRange(range):
                let zone = environment.zone, h24 = environment.uses24HourClock
                text += Self.cased(DateText.time(range.lowerBound, zone: zone, twentyFourHour: h24) + "–" + DateText.time(range.upperBound, zone: zone, twentyFourHour: h24), environment.textCase)
            case let .symbol(name):
                let start = text.utf8.count
                text += SymbolNames.drawableName(for: name)
                symbols.append(start..<text.utf8.count)
            case let .formattedDate(date, format):
                text += Self.cased(format.string(for: date, zone: environment.zone, twentyFourHour: environment.uses24HourClock, language: environment.dateLanguage), environment.textCase)
            }
        }
        return (text, live, symbols)
    }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        var font = font ?? environment.resolvedFont
        if let design = environment.fontDesign, font.design == .default { font.design = design }
        if let weight = weight ?? environment.fontWeight { font.weight = weight }
        if monospacedDigits || environment.monospacedDigit { font.monospacedDigits = true }
        if isItalic { font.isItalic = true }
        let (string, live, symbols) = resolved(in: environment)
        if let width = width ?? environment.fontWidth { font.width = width }
        var style = font.textStyle
        style.strikethrough = strikethrough || environment.strikethrough
        style.tracking = tracking ?? environment.tracking
        style.truncation = switch environment.truncationMode {
        case .head: .head
        case .middle: .middle
        case .tail: .tail
        }
        let color = color.map { environment.resolve(AnyShapeStyle($0)) } ?? environment.foregroundColor
        return TextNode(
            string: string, live: live, symbols: symbols, style: style, color: color,
            lineLimit: environment.lineLimit, minimumScaleFactor: environment.minimumScaleFactor,
            alignment: environment.multilineTextAlignment, redacted: environment.isRedacted)
    }
}

/// Lays out and draws one text.
final class TextNode: LayoutNode {
    let string: String
    let live: [LiveSchedule]
    let symbols: [Range<Int>]
    let style: TextStyle
    let color: RGBA
    var lineLimit: Int?
    let minimumScaleFactor: Double
    let alignment: LineAlignment
    let redacted: Bool

    init(string: String, live: [LiveSchedule], symbols: [Range<Int>] = [], style: TextStyle, color: RGBA, lineLimit: Int?, minimumScaleFactor: Double, alignment: TextAlignment, redacted: Bool) {
        self.string = string
        self.live = live
        self.symbols = symbols
        self.style = style
        self.color = color
        self.lineLimit = lineLimit
        self.minimumScaleFactor = minimumScaleFactor
        self.alignment =
            switch alignment {
            case .leading: .leading
            case .center: .center
            case .trailing: .trailing
            }
        self.redacted = redacted
    }

    func layout(_ proposal: ProposedSize, forSizeOnly: Bool = false) -> TextLayout {
        func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? $0 : nil } }
        return TextLayout(
            string, style: style, maxWidth: finite(proposal.width), maxHeight: finite(proposal.height),
            lineLimit: lineLimit, alignment: alignment, minimumScaleFactor: minimumScaleFactor, symbolRanges: symbols,
            forSizeOnly: forSizeOnly)
    }

    override func measure(_ proposal: ProposedSize) -> Size { layout(proposal, forSizeOnly: true).size }

    override func place(in frame: Rect) -> PlacedView {
        let text = layout(ProposedSize(width: frame.width + 0.5, height: frame.height + 0.5))
        if redacted {
            return PlacedView(frame: frame, content: .placeholder(lines: text.lineCount, color.multiplyingAlpha(0.35)), name: "Text")
        }
        return PlacedView(frame: frame, content: .text(text, color), name: "Text", live: live)
    }
}

/// The text of a `Text` literal, with number specifiers and date styles interpolated.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable, Hashable {
    var segments: [Text.Segment]

    public init(_ value: String) { segments = [.literal(value)] }
    public init(stringLiteral value: String) { segments = [.literal(value)] }
    public init(stringInterpolation: StringInterpolation) { segments = stringInterpolation.segments }

    /// Collects the pieces of an interpolated `Text` literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Text.Segment] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { segments.append(.literal(literal)) }

        public mutating func appendInterpolation<T>(_ value: T) { segments.append(.literal(String(describing: value))) }

        /// A number formatted with a printf specifier, as `"\(t, specifier: "%.1f")"`.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            // Numbers go through the C library; an object ("%@") is described as Swift would.
            segments.append(.literal(specifier.contains("@") ? String(describing: value) : CFormat.string(specifier, value)))
        }

        /// A self-updating date, as `"Ends in \(date, style: .relative)"`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { segments.append(.date(date, style)) }

        /// Another text's content.
        public mutating func appendInterpolation(_ text: Text) { segments += text.segments }

        /// A symbol inside the text, as `"\(Image(systemName: "bolt")) 80%"`; an image
        /// file cannot sit in a line of text and is left out.
        public mutating func appendInterpolation(_ image: Image) {
            if case let .symbol(name) = image.source { segments.append(.symbol(name)) }
        }

        /// A date in a fixed format, as `"\(date, format: .dateTime.hour().minute())"`.
        public mutating func appendInterpolation(_ date: Date, format: DateFormatStyle) {
            segments.append(.formattedDate(date, format))
        }

        /// A number in a format, as `"\(level, format: .percent)"`.
        public mutating func appendInterpolation<Value: BinaryFloatingPoint>(_ value: Value, format: NumberFormatStyle) {
            segments.append(.literal(format.string(for: Double(value))))
        }

        /// A whole number in a format, as `"\(steps, format: .number)"`.
        public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value, format: NumberFormatStyle) {
            segments.append(.literal(format.string(for: Double(value))))
        }
    }
}
