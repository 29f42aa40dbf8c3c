/// A position in pixels on a frame, origin top left, y growing downwards.
package struct Point: Hashable, Sendable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    package static let zero = Point(x: 0, y: 0)
}
