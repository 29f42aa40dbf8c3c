/// The sizes a user may ask for (`--size`, `--mode`, `[display] size`): each side 16 to
/// 8192 pixels and at most 16.8 million pixels in all (4096×4096, or an 8K panel's
/// 7680×2160), so that no typo asks for a 1 GiB frame. Checked where the text is read.
package enum PanelSize {
    package static let sides = 16...8_192
    package static let maximumPixels = 4_096 * 4_096

    /// "800x480" as a width and height, or why not.
    package static func parse(_ text: String) -> Result<(width: Int, height: Int), Problem> {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.utf8.count <= 9 }), let width = Int(parts[0]), let height = Int(parts[1]),
              sides.contains(width), sides.contains(height), width * height <= maximumPixels else {
            return .failure(Problem())
        }
        return .success((width, height))
    }

    /// What a size must be.
    package struct Problem: Error, CustomStringConvertible {
        package var description: String {
            "WIDTHxHEIGHT with each side \(sides.lowerBound) to \(sides.upperBound) pixels and at most \(maximumPixels) pixels in all"
        }
    }
}
