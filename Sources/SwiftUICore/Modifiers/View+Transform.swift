import Canvas
import Glibc  // for cos, sin

extension View {
    /// Draws this view scaled about `anchor`, as SwiftUI's: its layout is unchanged, so
    /// what is around it does not move, and lines and text scale with it.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    /// Draws this view scaled by a width and a height factor about `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    /// Draws this view scaled horizontally and vertically about `anchor`.
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
        layout { child, _ in TransformNode(transform: ViewTransform(scaleX: x, scaleY: y, anchor: anchor), child: child) }
    }

    /// Draws this view turned by `angle` (clockwise on screen) about `anchor`, its layout
    /// unchanged: `Circle().trim(from: 0, to: level).rotationEffect(.degrees(-90))` starts
    /// a ring at 12 o'clock.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        layout { child, _ in TransformNode(transform: ViewTransform(rotation: angle.radians, anchor: anchor), child: child) }
    }
}

/// A scale and a turn about a point of a view's frame, applied when it is drawn.
package struct ViewTransform: Hashable, Sendable {
    var scaleX = 1.0
    var scaleY = 1.0
    var rotation = 0.0
    var anchor = UnitPoint.center

    /// The point of `frame` the view turns and scales about.
    private func pivot(in frame: Rect) -> Point {
        Point(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
    }

    /// Applies the transform to the canvas for a view in `frame`.
    func apply(to canvas: Canvas, in frame: Rect) {
        let pivot = pivot(in: frame)
        canvas.translate(x: pivot.x, y: pivot.y)
        if rotation != 0 { canvas.rotate(by: rotation) }
        canvas.scale(x: scaleX, y: scaleY)
        canvas.translate(x: -pivot.x, y: -pivot.y)
    }

    /// The box around `rect` as the transform for a view in `frame` puts it: where
    /// anything drawn inside `rect` lands.
    func bounds(of rect: Rect, in frame: Rect) -> Rect {
        let pivot = pivot(in: frame)
        let (cosine, sine) = (cos(rotation), sin(rotation))
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)].map { x, y in
            let (dx, dy) = ((x - pivot.x) * scaleX, (y - pivot.y) * scaleY)
            return (pivot.x + dx * cosine - dy * sine, pivot.y + dx * sine + dy * cosine)
        }
        let (x0, y0) = (corners.map(\.0).min()!, corners.map(\.1).min()!)
        return Rect(x: x0, y: y0, width: corners.map(\.0).max()! - x0, height: corners.map(\.1).max()! - y0)
    }
}

/// Lays its child out as it is and draws it through a transform.
final class TransformNode: OneChildNode {
    let transform: ViewTransform

    init(transform: ViewTransform, child: LayoutNode) {
        self.transform = transform
        super.init(child: child)
    }

    override func place(in frame: Rect) -> PlacedView {
        PlacedView(frame: frame, content: .transform(transform), children: [child.place(in: frame)], name: "Transform")
    }
}
