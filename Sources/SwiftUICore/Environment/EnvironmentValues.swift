import Canvas
import FoundationEssentials
import Gauge
import ZoneInfo
import WidgetKitCore

/// The values a view reads from its surroundings: the font, the appearance, the time
/// zone, and keys of your own (WidgetKit adds the widget's family and rendering mode).
public struct EnvironmentValues: Sendable {
    /// The size class the widget is drawn in: WidgetKit's `widgetFamily`, which the core's
    /// views read too (a circular accessory's background is a circle).
    package var family: WidgetFamily = .accessoryRectangular
    /// How the host tints the widget (WidgetKit's `widgetRenderingMode`); on a grey panel
    /// it is `.vibrant`.
    package var renderingMode: WidgetRenderingMode = .vibrant
    /// Whether the host shows a label beside the widget (WidgetKit's `showsWidgetLabel`).
    package var showsLabel = false
    /// Why content is drawn as placeholder bars, if it is.
    public var redactionReasons: RedactionReasons = []
    /// The font text uses unless it sets its own.
    public var font: Font? = nil
    /// Lines a text may take at most; `nil` for as many as needed.
    public var lineLimit: Int? = nil
    /// How far text may shrink to fit, 0...1.
    public var minimumScaleFactor: Double = 1
    /// How the lines of multi-line text align.
    public var multilineTextAlignment: TextAlignment = .leading
    /// Whether the dark (light content on black) or light appearance is in effect.
    public var colorScheme: ColorScheme = .dark
    /// The time zone dates are shown in.
    public var timeZone: TimeZone {
        get { TimeZone(identifier: zone.identifier) ?? TimeZone(secondsFromGMT: zone.secondsFromGMT(for: now)) ?? .gmt }
        set { zone = ZoneRules(newValue) }
    }
    /// True for a 24-hour clock (13:05) rather than a 12-hour one (1:05 PM).
    public var uses24HourClock: Bool = true
    /// Whether the host draws the widget's container background (WidgetKit's
    /// `showsWidgetContainerBackground`).
    package var showsContainerBackground: Bool = false
    /// True on always-on, dimmed screens.
    public var isLuminanceReduced: Bool = false
    /// The time zone dates are shown in, as the daemon's own rules, so that drawing never
    /// loads Foundation's ICU-backed `TimeZone`.
    package var zone: ZoneRules = .local
    /// The instant being rendered: what live text (`Text(date, style: .timer)`) counts from.
    package var now: Date = Date(timeIntervalSince1970: 0)
    /// Pixels per point.
    package var displayScale: Double = 1
    /// Where `Image("name")` looks for name.png.
    package var imageDirectories: [String] = []
    package var foregroundStyle: AnyShapeStyle? = nil
    package var fontWeight: Font.Weight? = nil
    package var fontDesign: Font.Design? = nil
    package var monospacedDigit: Bool = false
    package var gaugeKind: GaugeKind? = nil
    package var progressStyle: ProgressViewStyleKind = .linear
    /// A progress view style of the widget's own, drawn in place of the built-in ones.
    var customProgressStyle: CustomProgressStyle?
    package var tint: AnyShapeStyle? = nil
    package var isAccentable: Bool = false
    package var isPrivacySensitive: Bool = false
    /// The colour privacy-sensitive content is replaced by when the screen is locked.
    package var redactsPrivacySensitiveContent: Bool = false

    /// The words and order of dates (`[clock] locale`).
    package var dateLanguage: DateLanguage = .standard
    /// Toggles' states chosen by taps whose intents have not yet reloaded the widget, by
    /// control id: what iOS shows at once, before the new entry arrives.
    package var controlStates: [String: Bool] = [:]
    /// The control keys have moved the focus to, by id; drawn with a ring.
    package var focusedControl: String?
    /// How buttons and toggles look, set by `.buttonStyle` and `.toggleStyle`.
    var buttonStyle = ButtonStyleKind.automatic
    var toggleStyle = ToggleStyleKind.automatic
    /// `.textCase(_:)`: texts drawn in upper or lower case; nil as written.
    package var textCase: Text.Case? = nil
    /// `.truncationMode(_:)`: where a text too long for its space loses characters.
    package var truncationMode: Text.TruncationMode = .tail
    /// `.imageScale(_:)`: symbols drawn smaller or larger than their text.
    package var imageScale: Image.Scale = .medium
    /// `.strikethrough()`, `.tracking(_:)` and `.fontWidth(_:)` on a view: its texts'.
    package var strikethrough = false
    package var tracking = 0.0
    package var fontWidth: Font.Width? = nil
    /// The axis of the stack whose children are being made: a `Divider` runs across it.
    package var stackAxis: Axis? = nil
    /// Where a home-screen widget's `containerBackground` is collected while its view is made.
    package var containerBackground: ContainerBackgroundSink? = nil

    private var custom: [ObjectIdentifier: any Sendable] = [:]
    /// The objects `environmentObject(_:)` gave, by their class.
    private var objects: [ObjectIdentifier: ObjectReference] = [:]

    /// A view's object of the environment, held for the drawing it is given to.
    private final class ObjectReference: @unchecked Sendable {
        let object: AnyObject
        init(_ object: AnyObject) { self.object = object }
    }

    /// Gives `object` to the views below, for `@EnvironmentObject`.
    mutating func setObject<T: AnyObject>(_ object: T) {
        objects[ObjectIdentifier(T.self)] = ObjectReference(object)
    }

    /// The object of class `T` a view above gave, in the view whose body is being
    /// evaluated; nil when none did.
    package static func object<T: AnyObject>(of type: T.Type) -> T? {
        current.objects[ObjectIdentifier(type)]?.object as? T
    }

    public init() {}

    /// A value of your own, by its key type.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }

    /// The environment of the view whose `body` is being evaluated.
    @TaskLocal static var current = EnvironmentValues()

    /// The font in effect with the weight, digit and design modifiers applied.
    var resolvedFont: Font {
        var font = self.font ?? .body
        if let fontWeight { font.weight = fontWeight }
        if monospacedDigit { font.monospacedDigits = true }
        if let fontDesign { font.design = fontDesign }
        return font
    }

    /// The text style the current font stands for, in points.
    var textStyle: TextStyle { resolvedFont.textStyle }

    /// The ink colour for content: primary white on the dark appearance, black on light.
    package var primaryInk: RGBA { colorScheme == .dark ? .white : .black }

    /// What `style` looks like in this environment's rendering mode.
    package func resolve(_ style: AnyShapeStyle?) -> RGBA {
        let base = (style ?? AnyShapeStyle(HierarchicalShapeStyle.primary)).color(primaryInk: primaryInk)
        switch renderingMode {
        case .fullColor:
            return base
        case .vibrant:
            // One luminance channel: opacity and brightness give the level of the ink.
            if style?.isHierarchical ?? true { return base }
            let level = colorScheme == .dark ? base.luminance : 1 - base.luminance
            return primaryInk.multiplyingAlpha(base.alpha * level)
        case .accented:
            let accent = Color.accentColor.rgba
            return isAccentable ? accent.multiplyingAlpha(base.alpha) : primaryInk.multiplyingAlpha(base.alpha)
        }
    }

    /// What a shape filled or stroked with `style` is painted with here: a gradient keeps
    /// its line, each of its colours resolved as a colour of its own would be.
    package func paint(_ style: AnyShapeStyle?) -> ShapePaint {
        guard case let .linear(stops, start, end)? = style?.storage else { return .color(resolve(style)) }
        let resolved = stops.map { GradientStop(color: resolve(AnyShapeStyle(storage: .color($0.color))), location: $0.location) }
        return .linear(resolved, start: start, end: end)
    }

    /// The foreground colour for text, images and gauge markers here.
    var foregroundColor: RGBA { resolve(foregroundStyle) }

    /// Whether content here is drawn as placeholder bars.
    package var isRedacted: Bool {
        redactionReasons.contains(.placeholder) || (isPrivacySensitive && (redactionReasons.contains(.privacy) || redactsPrivacySensitiveContent))
    }
}

/// Reads a value from the environment of the view being drawn, as SwiftUI's
/// `@Environment(\.colorScheme) var scheme` does.
@propertyWrapper
public struct Environment<Value>: Sendable {
    let keyPath: KeyPath<EnvironmentValues, Value> & Sendable

    public init(_ keyPath: KeyPath<EnvironmentValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    /// The value for the view whose body is being evaluated.
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

/// Why content is drawn as rounded placeholder bars instead of its text and images.
public struct RedactionReasons: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The placeholder entry, before real data arrives.
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// Content marked `privacySensitive()` while the device is locked.
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
}

/// Receives the first `containerBackground` of a home-screen widget's view while it is
/// made, for the tile to draw behind everything. Lives for one layout, on one task.
package final class ContainerBackgroundSink: @unchecked Sendable {
    package var node: LayoutNode?

    package init() {}
}
