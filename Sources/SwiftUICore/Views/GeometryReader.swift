import Canvas

/// A view whose content is built from the space it is given, as SwiftUI's: it takes all
/// the space offered and places its content at the top-left corner, as iOS 14 and later do.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: @Sendable (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping @Sendable (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: Never { bodyNever() }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        GeometryReaderNode { size in
            let proxy = GeometryProxy(size: CGSize(width: size.width, height: size.height))
            return SwiftUICore.makeNode(content(proxy), in: environment)
        }
    }
}

/// The size and place of a `GeometryReader`, for its content to measure by.
public struct GeometryProxy: Sendable {
    /// The space the reader was given.
    public let size: CGSize

    /// The reader's frame: at the origin in `.local` space; a widget has no other space
    /// a desk panel could tell apart, so `.global` and named spaces give the same.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        CGRect(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// Insets for a safe area; a widget has none.
    public var safeAreaInsets: EdgeInsets { EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// The spaces a frame can be read in, as SwiftUI's.
public enum CoordinateSpace: Hashable, Sendable {
    case local
    case global
    case named(String)
}

/// Builds its child for the size it is placed in.
final class GeometryReaderNode: LayoutNode {
    let build: (Size) -> LayoutNode

    init(build: @escaping (Size) -> LayoutNode) {
        self.build = build
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecified(with: Size(width: 10, height: 10))
    }

    override func place(in frame: Rect) -> PlacedView {
        let child = build(frame.size)
        let size = child.sizeThatFits(ProposedSize(frame.size))
        return PlacedView(frame: frame, children: [child.place(in: Rect(origin: frame.origin, size: size))], name: "GeometryReader")
    }
}
