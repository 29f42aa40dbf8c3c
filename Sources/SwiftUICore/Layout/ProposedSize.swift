import Canvas

/// The space a parent offers a child, per axis: a length, or `nil` for "your ideal size".
package struct ProposedSize: Hashable, Sendable {
    package var width: Double?
    package var height: Double?

    package init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    package init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    package static let unspecified = ProposedSize(width: nil, height: nil)

    /// The proposal with `nil` replaced by the given size's lengths.
    package func replacingUnspecified(with size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }
}
