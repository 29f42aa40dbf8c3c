/// Previews in the older form, as SwiftUI's `PreviewProvider`: a type whose static
/// `previews` is a view, with `.previewContext(WidgetPreviewContext(family:))` choosing
/// the family. It compiles as written; `lockscreend preview --all` draws the `#Preview`
/// form (docs/WIDGETS.md says why).
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// The family a widget's view is previewed in, as WidgetKit's `WidgetPreviewContext`.
public struct WidgetPreviewContext: Sendable, Hashable {
    public let family: WidgetFamily

    public init(family: WidgetFamily) {
        self.family = family
    }
}

extension View {
    /// Draws this view as a widget of the context's family.
    public func previewContext(_ context: WidgetPreviewContext) -> some View {
        environment(\.widgetFamily, context.family)
    }

    /// Names the preview in Xcode's canvas; nothing to draw.
    public func previewDisplayName(_ name: String?) -> some View { self }
}
