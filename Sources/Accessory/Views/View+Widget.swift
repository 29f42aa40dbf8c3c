import AppIntentsCore
import FoundationEssentials
import SwiftUICore

/// WidgetKit's modifiers of views, as Apple's WidgetKit adds them to SwiftUI's views: a
/// file using them imports WidgetKit, here as on iOS.
extension View {
    /// Puts this view in the accent group of the `.accented` rendering mode.
    public func widgetAccentable(_ accentable: Bool = true) -> some View {
        environmentChange { $0.isAccentable = accentable }
    }

    /// The widget's background on the home screen: drawn behind the whole tile, clipped
    /// to its rounded corners. The lock screen's families draw none, as on iOS.
    public func containerBackground<S: ShapeStyle>(_ style: S, for placement: ContainerBackgroundPlacement) -> some View {
        containerBackground(for: placement) { Rectangle().fill(style) }
    }

    /// The widget's background on the home screen, as a view; see the style form.
    public func containerBackground<V: View>(for placement: ContainerBackgroundPlacement, @ViewBuilder content: () -> V) -> some View {
        let background = content()
        return layout { child, env in
            if env.family.isHomeScreen, let sink = env.containerBackground, sink.node == nil {
                sink.node = SwiftUICore.makeNode(background, in: env)
            }
            return child
        }
    }

    /// The address a tap anywhere on the widget opens (its `Link`s and controls win): on
    /// a desk panel, the action `[urls]` in the configuration maps it to.
    public func widgetURL(_ url: URL?) -> some View {
        layout { child, _ in
            guard let url else { return child }
            return ControlNode(child: child, control: PlacedControl(action: ControlAction(url: url)), name: "WidgetURL", focusRing: nil)
        }
    }

    /// The text a watch face curves around a widget. Accepted and not drawn: the iPhone
    /// lock screen shows no widget labels.
    public func widgetLabel(_ label: LocalizedStringKey) -> some View { self }

    /// The text a watch face curves around a widget; see `widgetLabel(_:)`.
    @_disfavoredOverload
    public func widgetLabel<S: StringProtocol>(_ label: S) -> some View { self }

    /// A view a watch face shows beside a widget; see `widgetLabel(_:)`.
    public func widgetLabel<V: View>(@ViewBuilder label: () -> V) -> some View { self }
}

/// Where a container background would go; only `.widget` exists.
public enum ContainerBackgroundPlacement: Sendable {
    case widget
}
