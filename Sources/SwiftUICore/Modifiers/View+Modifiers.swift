import AppIntentsCore
import FoundationEssentials

extension View {
    package func environmentChange(_ change: @escaping (inout EnvironmentValues) -> Void) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(change: change))
    }

    package func layout(_ wrap: @escaping (LayoutNode, EnvironmentValues) -> LayoutNode) -> ModifiedContent<Self, _LayoutModifier> {
        modifier(_LayoutModifier(wrap: wrap))
    }

    /// Sets a value of the environment for this view and its content.
    public func environment<V: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable, _ value: V) -> some View {
        environmentChange { $0[keyPath: keyPath] = value }
    }

    /// Gives `object` to this view's content, where `@EnvironmentObject` reads it.
    public func environmentObject<T: AnyObject>(_ object: T) -> some View {
        environmentChange { $0.setObject(object) }
    }

    /// The font for text in this view.
    public func font(_ font: Font?) -> some View { environmentChange { $0.font = font } }

    /// The weight for text in this view.
    public func fontWeight(_ weight: Font.Weight?) -> some View { environmentChange { $0.fontWeight = weight } }

    /// Draws text in this view in bold.
    public func fontDesign(_ design: Font.Design?) -> some View { environmentChange { $0.fontDesign = design } }

    public func bold(_ isActive: Bool = true) -> some View { environmentChange { if isActive { $0.fontWeight = .bold } } }

    /// Tabular digits for text in this view, so changing numbers do not shift.
    public func monospacedDigit() -> some View { environmentChange { $0.monospacedDigit = true } }

    /// The colour or level text, images and gauge markers in this view are drawn with.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        environmentChange { $0.foregroundStyle = AnyShapeStyle(style) }
    }

    /// The colour for content in this view.
    public func foregroundColor(_ color: Color?) -> some View {
        environmentChange { $0.foregroundStyle = color.map { AnyShapeStyle($0) } }
    }

    /// The tint of gauges and progress views: a colour or a gradient.
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        environmentChange { $0.tint = tint.map { AnyShapeStyle($0) } }
    }

    /// The tint of gauges and progress views as a colour, as `.tint(.orange)`.
    public func tint(_ tint: Color?) -> some View {
        environmentChange { $0.tint = tint.map { AnyShapeStyle($0) } }
    }

    /// The most lines text in this view may take.
    public func lineLimit(_ limit: Int?) -> some View { environmentChange { $0.lineLimit = limit } }

    /// How far text in this view may shrink to fit, 0...1.
    public func minimumScaleFactor(_ factor: Double) -> some View {
        environmentChange { $0.minimumScaleFactor = min(max(factor, 0.01), 1) }
    }

    /// How lines of multi-line text line up.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environmentChange { $0.multilineTextAlignment = alignment }
    }

    /// Draws this view's texts in upper or lower case (nil: as written).
    public func textCase(_ textCase: Text.Case?) -> some View {
        environmentChange { $0.textCase = textCase }
    }

    /// Where this view's texts lose characters when too long for their space.
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        environmentChange { $0.truncationMode = mode }
    }

    /// Draws this view's symbols smaller or larger than their text.
    public func imageScale(_ scale: Image.Scale) -> some View {
        environmentChange { $0.imageScale = scale }
    }

    /// Marks this view's content as private: redacted while the device is locked.
    public func privacySensitive(_ sensitive: Bool = true) -> some View {
        environmentChange { $0.isPrivacySensitive = sensitive }
    }

    /// Draws this view's text and images as placeholder bars.
    public func redacted(reason: RedactionReasons) -> some View {
        environmentChange { $0.redactionReasons.formUnion(reason) }
    }

    /// Draws this view's content for real even inside a redacted view.
    public func unredacted() -> some View { environmentChange { $0.redactionReasons = [] } }

    /// The style of gauges in this view.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        environmentChange { $0.gaugeKind = style._kind.kind }
    }

    /// The style of progress views in this view.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        environmentChange {
            switch style {
            case is LinearProgressViewStyle: ($0.progressStyle, $0.customProgressStyle) = (.linear, nil)
            case is CircularProgressViewStyle: ($0.progressStyle, $0.customProgressStyle) = (.circular, nil)
            default: $0.customProgressStyle = CustomProgressStyle { AnyView(style.makeBody(configuration: $0)) }
            }
        }
    }

    /// Adds space around this view: `length` points on `edges`, or 16 points when nil.
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
        let l = length ?? 16
        let insets = EdgeInsets(
            top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
            bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0)
        return padding(insets)
    }

    /// Adds `length` points on every edge.
    public func padding(_ length: Double) -> some View { padding(.all, length) }

    /// Adds the given insets.
    public func padding(_ insets: EdgeInsets) -> some View {
        layout { child, _ in PaddingNode(insets: insets, child: child) }
    }

    /// A fixed size on either axis, with the content aligned inside.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        layout { child, _ in
            FrameNode(width: .init(fixed: width), height: .init(fixed: height), alignment: alignment, child: child)
        }
    }

    /// A flexible size between limits on either axis, with the content aligned inside;
    /// `maxWidth: .infinity` takes all the width offered.
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> some View {
        layout { child, _ in
            FrameNode(
                width: .init(min: minWidth, ideal: idealWidth, max: maxWidth),
                height: .init(min: minHeight, ideal: idealHeight, max: maxHeight),
                alignment: alignment, child: child)
        }
    }

    /// Draws this view at an opacity, as one layer.
    public func opacity(_ opacity: Double) -> some View {
        layout { child, _ in EffectNode(content: .opacity(min(max(opacity, 0), 1)), child: child) }
    }

    /// Clips this view's drawing to its frame.
    public func clipped() -> some View {
        layout { child, _ in EffectNode(content: .clip, child: child) }
    }

    /// Clips this view to a shape — `Circle()`, `Capsule()`, `Rectangle()`,
    /// `RoundedRectangle(cornerRadius:)` — as a photo is cut round for a circular widget.
    public func clipShape(_ shape: ShapeView) -> some View {
        layout { child, _ in ShapeClipNode(shape: shape.shape, child: child) }
    }

    /// Clips this view to its frame with rounded corners of `radius` points, as
    /// SwiftUI's (deprecated there in favour of `clipShape(RoundedRectangle(...))`, which it
    /// is here; the edge is always antialiased).
    public func cornerRadius(_ radius: Double, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }

    /// How early this view gets space in a stack; higher goes first.
    public func layoutPriority(_ priority: Double) -> some View {
        layout { child, _ in PriorityNode(priority: priority, child: child) }
    }

    /// Draws a view behind this one, sized to it.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> V) -> some View {
        let background = content()
        return layout { child, env in
            OverlayNode(alignment: alignment, children: [FrameNode.filling(SwiftUICore.makeNode(background, in: env)), child], sizingChild: 1)
        }
    }

    /// Draws a view in front of this one, sized to it.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> V) -> some View {
        let overlay = content()
        return layout { child, env in
            OverlayNode(alignment: alignment, children: [child, FrameNode.filling(SwiftUICore.makeNode(overlay, in: env))], sizingChild: 0)
        }
    }
}

extension FrameNode.Limits {
    init(fixed: Double?) { self.init(min: nil, ideal: nil, max: nil, fixed: fixed) }
    init(min: Double?, ideal: Double?, max: Double?) { self.init(min: min, ideal: ideal, max: max, fixed: nil) }
}

extension FrameNode {
    /// A frame that takes whatever it is offered: backgrounds and overlays fill their view.
    package static func filling(_ child: LayoutNode) -> FrameNode {
        FrameNode(width: .init(min: 0, ideal: nil, max: .infinity), height: .init(min: 0, ideal: nil, max: .infinity), alignment: .center, child: child)
    }
}
