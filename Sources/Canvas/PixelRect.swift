/// A rectangle of whole pixels, as damage regions and device writes use them.
package struct PixelRect: Hashable, Sendable, Codable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    package var area: Int { width * height }
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two rectangles; empty (zero size) when they do not meet.
    package func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: x0, y: y0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The same rectangle moved by (`x`, `y`).
    package func offsetBy(x dx: Int, y dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest rectangle holding both.
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    package var description: String { "[\(x), \(y), \(width), \(height)]" }
}
