import Canvas

extension PlacedView {
    /// Draws the tree into a frame with its point origin at `origin` (pixels) and
    /// `scale` pixels per point, touching no pixel outside `clip` when given. The clip
    /// also bounds the offscreen layers of translucent or cut-out content, which are
    /// otherwise as large as the whole frame. Pictures are error-diffused over
    /// `pictureInks` when given (a panel of few inks).
    package func draw(into frame: inout Frame, at origin: Point, scale: Double, clip: PixelRect? = nil, pictureInks: PictureInks? = nil) {
        frame.draw(pictureInks: pictureInks) { canvas in
            canvas.withSavedState { canvas in
                if let clip { canvas.clip(to: Rect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.width), height: Double(clip.height))) }
                canvas.translate(x: origin.x, y: origin.y)
                canvas.scale(by: scale)
                draw(on: &canvas)
            }
        }
    }
}

extension PlacedView {
    /// The same tree moved by (dx, dy) points.
    package func offsetBy(dx: Double, dy: Double) -> PlacedView {
        var moved = self
        moved.frame = frame.offsetBy(dx: dx, dy: dy)
        moved.children = children.map { $0.offsetBy(dx: dx, dy: dy) }
        return moved
    }

    /// The extent of the content inside a widget's root: the first child's frame.
    package var contentFrame: Rect { children.first?.frame ?? frame }
}
