/// A rectangle in pixels: origin top left, non-negative size.
package struct Rect: Hashable, Sendable, CustomStringConvertible {
    package var origin: Point
    package var size: Size

    package init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    package static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    package var minX: Double { origin.x }
    package var minY: Double { origin.y }
    package var maxX: Double { origin.x + size.width }
    package var maxY: Double { origin.y + size.height }
    package var midX: Double { origin.x + size.width / 2 }
    package var midY: Double { origin.y + size.height / 2 }
    package var width: Double { size.width }
    package var height: Double { size.height }
    package var center: Point { Point(x: midX, y: midY) }
    package var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The rectangle shrunk by the given amounts on each edge (never below zero size).
    package func inset(top: Double, leading: Double, bottom: Double, trailing: Double) -> Rect {
        Rect(
            x: minX + leading, y: minY + top,
            width: max(0, width - leading - trailing), height: max(0, height - top - bottom))
    }

    package func inset(by amount: Double) -> Rect {
        inset(top: amount, leading: amount, bottom: amount, trailing: amount)
    }

    /// Whether `point` is inside (the top and left edges included, the others not).
    package func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The part of this rectangle inside `other`; nil when they do not overlap.
    package func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// The smallest rectangle holding both.
    package func union(_ other: Rect) -> Rect {
        let (x0, y0) = (min(minX, other.minX), min(minY, other.minY))
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    package func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The smallest whole-pixel rectangle that covers this one.
    package var integral: PixelRect {
        let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
        let x1 = Int(maxX.rounded(.up)), y1 = Int(maxY.rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    package var description: String {
        "(\(minX.compact), \(minY.compact), \(width.compact), \(height.compact))"
    }
}
