/// The size class a widget is drawn in. The lock screen hosts the three accessory
/// families; the system families exist so widgets written for the home screen compile.
public enum WidgetFamily: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    /// One line of text, with an optional leading image, above the clock.
    case accessoryInline
    /// A small round widget: a gauge, an icon, a number.
    case accessoryCircular
    /// A widget two units wide: a few lines of text or a linear gauge.
    case accessoryRectangular
    case systemSmall, systemMedium, systemLarge, systemExtraLarge

    public var description: String { rawValue }

    /// The family's name, as WidgetKit's prints it ("accessoryCircular").
    public var debugDescription: String { rawValue }

    /// The families the lock screen can show.
    package static let accessoryFamilies: [WidgetFamily] = [.accessoryInline, .accessoryCircular, .accessoryRectangular]

    /// The families of the home screen.
    package static let systemFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]

    /// Whether this is a home-screen family, drawn in full colour.
    @inlinable package var isHomeScreen: Bool {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: true
        case .accessoryInline, .accessoryCircular, .accessoryRectangular: false
        }
    }

    /// The margin a home-screen tile keeps around its content on each side, in points.
    @usableFromInline package static let tileMargin = 16.0

    /// The margin the host keeps around a widget's content on each side, in points: a
    /// home-screen tile's, none on the lock screen.
    @inlinable package var contentMargin: Double { isHomeScreen ? Self.tileMargin : 0 }

    /// The size in points on the reference screen (393×852, iPhone 15-class).
    @inlinable package var referenceSize: (width: Double, height: Double) {
        switch self {
        case .accessoryInline: (234, 26)
        case .accessoryCircular: (72, 72)
        case .accessoryRectangular: (160, 72)
        case .systemSmall: (158, 158)
        case .systemMedium: (338, 158)
        case .systemLarge: (338, 354)
        case .systemExtraLarge: (715, 354)
        }
    }
}

/// How the host colours a widget.
public enum WidgetRenderingMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Colours as written (rectangular widgets on some hosts).
    case fullColor
    /// Two flat colours: the accent group (`widgetAccentable()`) and the rest.
    case accented
    /// One luminance channel, opacity giving the levels: the lock screen, and grey panels.
    case vibrant
}
