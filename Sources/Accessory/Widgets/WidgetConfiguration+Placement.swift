extension WidgetConfiguration {
    /// Whether the host may remove the widget's container background (StandBy, a tinted
    /// home screen). The lock screen draws none behind its families either way.
    public func containerBackgroundRemovable(_ isRemovable: Bool = true) -> some WidgetConfiguration { self }

    /// Places the host should not suggest the widget for. The daemon suggests nothing:
    /// the configuration places each widget.
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> some WidgetConfiguration { self }
}

/// Where a widget can be placed, as WidgetKit's.
public struct WidgetLocation: Sendable, Hashable {
    let name: String

    public static let homeScreen = WidgetLocation(name: "homeScreen")
    public static let lockScreen = WidgetLocation(name: "lockScreen")
    public static let standBy = WidgetLocation(name: "standBy")
    public static let iPhoneWidgetsOnMac = WidgetLocation(name: "iPhoneWidgetsOnMac")
    public static let carPlay = WidgetLocation(name: "carPlay")
}
