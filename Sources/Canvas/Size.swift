/// A width and height in pixels.
package struct Size: Hashable, Sendable, CustomStringConvertible {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    package static let zero = Size(width: 0, height: 0)

    package var description: String { "\(width.compact)×\(height.compact)" }
}

extension Double {
    /// The value printed with at most two decimals, for readable debug dumps.
    package var compact: String {
        let rounded = (self * 100).rounded() / 100
        if rounded == rounded.rounded() && abs(rounded) < 1e15 {
            return String(Int(rounded))
        }
        return String(rounded)
    }
}
