import SwiftUICore
import Canvas
import FoundationEssentials

/// UIKit's image, as widget code reaches for it through `import SwiftUI`: a named
/// picture or symbol, or PNG/JPEG bytes (a thumbnail an App Group shares), drawn
/// through `Image(uiImage:)`. Immutable once made, so shared across tasks safely.
public final class UIImage: @unchecked Sendable, Hashable {
    let image: Image

    init(_ image: Image) {
        self.image = image
    }

    /// The picture `name` the package ships (as `Image("name")` finds it).
    public convenience init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.init(Image(name))
    }

    /// A symbol by SF Symbols name, drawn from the icon font.
    public convenience init?(systemName name: String) {
        guard !name.isEmpty else { return nil }
        self.init(Image(systemName: name))
    }

    /// A PNG or JPEG in memory; nil when it does not decode (or is over 16 MB).
    public convenience init?(data: Data) {
        guard data.count <= 16 << 20, let bitmap = try? Bitmap(imageData: [UInt8](data), name: "UIImage(data:)") else { return nil }
        self.init(Image(bitmap: bitmap))
    }

    /// A PNG or JPEG file.
    public convenience init?(contentsOfFile path: String) {
        guard let bitmap = try? Bitmap(contentsOfFile: path) else { return nil }
        self.init(Image(bitmap: bitmap))
    }

    /// How the image is tinted; the panel draws a picture as it is and a symbol in the ink.
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }

    public func withRenderingMode(_ mode: RenderingMode) -> UIImage { self }
    public func withTintColor(_ color: UIColor) -> UIImage { self }
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage { self }

    public static func == (a: UIImage, b: UIImage) -> Bool { a.image == b.image }
    public func hash(into hasher: inout Hasher) { hasher.combine(image) }
}

extension Image {
    /// A UIKit image as SwiftUI's.
    public init(uiImage: UIImage) {
        self = uiImage.image
    }
}
