import Canvas

extension View {
    /// Fills the space behind this view with a style, as `.background(Color.pink)` or
    /// `.background(.blue)`.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background { Rectangle().fill(style) }
    }

    /// Fills a shape behind this view with a style, as `.background(.blue, in:
    /// RoundedRectangle(cornerRadius: 8))`: the shape takes the view's size.
    public func background<S: ShapeStyle>(_ style: S, in shape: ShapeView) -> some View {
        background { shape.fill(style) }
    }

    /// Fills the space behind this view with the appearance's background: black on the
    /// dark appearance, white on the light one (and nothing on the lock screen's vibrant
    /// mode, where a black fill has no luminance).
    public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(BackgroundStyle())
    }

    /// Draws a view behind this one, as SwiftUI's older `.background(_:alignment:)`.
    @_disfavoredOverload
    public func background<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        background(alignment: alignment) { view }
    }

    /// Draws a view in front of this one, as SwiftUI's older `.overlay(_:alignment:)`.
    @_disfavoredOverload
    public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        overlay(alignment: alignment) { view }
    }

    /// Fills the space in front of this view with a style.
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        overlay { Rectangle().fill(style) }
    }

    /// A drop shadow. Accepted and not drawn: on the lock screen's one luminance channel
    /// and on grey or two-colour panels a blurred shadow is a smudge, and iOS draws none
    /// in the vibrant mode either.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0) -> some View {
        self
    }

}

/// The appearance's background colour as a style, as SwiftUI's `.background` style.
public struct BackgroundStyle: ShapeStyle, Hashable {
    public init() {}
}

extension ShapeStyle where Self == BackgroundStyle {
    /// The appearance's background colour.
    public static var background: BackgroundStyle { BackgroundStyle() }
}

extension View {
    /// A label for VoiceOver. A desk panel has no screen reader, so nothing is drawn or
    /// announced; accepted so that widgets written for iOS compile unchanged.
    public func accessibilityLabel(_ label: Text) -> some View { self }

    /// A label for VoiceOver, from a string; accepted and not drawn, as the `Text` form.
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }

    /// A label for a screen reader, from the app's strings; accepted, not drawn.
    public func accessibilityLabel(_ label: LocalizedStringKey) -> some View { self }

    /// What a control's action does, said by the system before it runs (iOS 18),
    /// written on the control's label; accepted, not drawn: the daemon asks nothing
    /// before a tap runs.
    public func controlWidgetActionHint(_ hint: LocalizedStringKey) -> some View { self }

    /// The action hint from a text.
    public func controlWidgetActionHint(_ hint: Text) -> some View { self }

    /// iOS 17 marks content an interaction may invalidate (it shimmers while a button's
    /// intent runs). Accepted and drawn as it is: the pressed control's own state shows
    /// here instead (docs/WIDGETS.md).
    public func invalidatableContent(_ invalidatable: Bool = true) -> some View { self }
}
