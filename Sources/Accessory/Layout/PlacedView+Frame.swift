import Canvas

extension PlacedView {
    /// Draws the tree into a frame with its point origin at `origin` (pixels) and
    /// `scale` pixels per point.
    package func draw(into frame: inout Frame, at origin: Point, scale: Double) {
        frame.draw { canvas in
            canvas.withSavedState { canvas in
                canvas.translate(x: origin.x, y: origin.y)
                canvas.scale(by: scale)
                draw(on: &canvas)
            }
        }
    }
}
