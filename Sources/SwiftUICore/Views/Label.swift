/// A title with an icon before it, as SwiftUI's `Label`: `Label("Rain", systemImage:
/// "cloud.rain")`. `.labelStyle(.iconOnly)` and `.titleOnly` keep one of the two.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    @Environment(\.labelStyle) private var style

    /// A label from two views.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        switch style.kind {
        case .titleAndIcon:
            HStack(spacing: 4) {
                icon
                title
            }
        case .titleOnly: title
        case .iconOnly: icon
        }
    }
}

extension Label where Title == Text, Icon == Image {
    /// A text label with a symbol (SF Symbols or Material Icons name).
    public init(_ title: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// A string label with a symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// A text label with an image the package ships.
    public init(_ title: LocalizedStringKey, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }

    /// A string label with an image the package ships.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}

/// Which parts of a `Label` are shown.
public struct LabelStyle: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case titleAndIcon, titleOnly, iconOnly }
    let kind: Kind

    /// Icon then title (the default).
    public static let titleAndIcon = LabelStyle(kind: .titleAndIcon)
    /// The title alone.
    public static let titleOnly = LabelStyle(kind: .titleOnly)
    /// The icon alone.
    public static let iconOnly = LabelStyle(kind: .iconOnly)
    /// As the context decides: icon and title.
    public static let automatic = LabelStyle(kind: .titleAndIcon)
}

extension EnvironmentValues {
    private struct LabelStyleKey: EnvironmentKey {
        static let defaultValue = LabelStyle.automatic
    }

    /// How labels below are shown.
    public var labelStyle: LabelStyle {
        get { self[LabelStyleKey.self] }
        set { self[LabelStyleKey.self] = newValue }
    }
}

extension View {
    /// Shows the labels in this view as icon and title, title only or icon only.
    public func labelStyle(_ style: LabelStyle) -> some View {
        environment(\.labelStyle, style)
    }
}
