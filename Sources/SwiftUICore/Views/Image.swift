import Canvas
import FoundationEssentials

/// An image: a symbol drawn from the icon font (`Image(systemName:)`), or a PNG or JPEG file.
public struct Image: View, PrimitiveView, Hashable {
    enum Source: Hashable {
        case symbol(String)
        case named(String)
        case file(String)
        case bitmap(Bitmap)
    }

    let source: Source
    var isResizable = false
    var fitsAspect = false
    var fillsAspect = false

    /// A symbol by SF Symbols name ("battery.100", "cloud.sun.fill") or by Material Icons
    /// name ("battery_full"), drawn from the Material Icons font at the text size; or a
    /// Home Assistant icon ("mdi:thermometer") from the Material Design Icons font.
    public init(systemName: String) {
        source = .symbol(systemName)
    }

    /// An image named `name.png`, `name.jpg` or `name.jpeg` among the pictures the widget
    /// package ships (its SwiftPM resources), else the image set `name` of an asset
    /// catalog among them (`Assets.xcassets`), in the appearance's variant and the
    /// panel's scale.
    public init(_ name: String) {
        source = .named(name)
    }

    /// An image with no accessibility label, looked up like `init(_:)`.
    public init(decorative name: String) {
        source = .named(name)
    }

    /// A PNG or JPEG file by path.
    public init(filePath: String) {
        source = .file(filePath)
    }

    /// A picture already decoded: the daemon's photo widgets.
    package init(bitmap: Bitmap) {
        source = .bitmap(bitmap)
    }

    public var body: Never { bodyNever() }

    /// Lets the image take the size it is offered rather than its own.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// Keeps the aspect ratio when resizing, fitting inside the space.
    public func scaledToFit() -> Image {
        var copy = self
        copy.fitsAspect = true
        return copy
    }

    /// Keeps the aspect ratio when resizing, covering the whole space; the parts outside
    /// it are cut off evenly on both sides. (SwiftUI lets them overflow until a
    /// `.clipped()`; every photo widget adds that, so here the crop is the image's own.)
    public func scaledToFill() -> Image {
        var copy = self
        copy.fillsAspect = true
        copy.fitsAspect = false
        return copy
    }

    package func makeNode(in environment: EnvironmentValues) -> LayoutNode {
        let color = environment.foregroundColor
        switch source {
        case let .symbol(name):
            let (text, family) = SymbolNames.drawable(for: name)
            var style = environment.textStyle
            style.family = family
            style.size *= 1.15 * environment.imageScale.factor
            return SymbolNode(ligature: text, style: style, color: color, resizable: isResizable, redacted: environment.isRedacted)
        case let .named(name):
            let candidates = environment.imageDirectories.lazy.flatMap { directory in ["png", "jpg", "jpeg"].lazy.map { "\(directory)/\(name).\($0)" } }
            var found = candidates.first { FileManager.default.fileExists(atPath: $0) }.map { (path: $0, scale: 1.0) }
            if found == nil {
                found = AssetCatalog.image(named: name, in: environment.imageDirectories, displayScale: environment.displayScale, dark: environment.colorScheme == .dark)
            }
            return BitmapNode(bitmap: found.flatMap { try? Bitmap(contentsOfFile: $0.path) }, pointScale: found?.scale ?? 1, resizable: isResizable, fitsAspect: fitsAspect,
                              fillsAspect: fillsAspect, redactedColor: environment.isRedacted ? color.multiplyingAlpha(0.35) : nil)
        case let .file(path):
            return BitmapNode(bitmap: try? Bitmap(contentsOfFile: path), resizable: isResizable, fitsAspect: fitsAspect, fillsAspect: fillsAspect, redactedColor: environment.isRedacted ? color.multiplyingAlpha(0.35) : nil)
        case let .bitmap(bitmap):
            return BitmapNode(bitmap: bitmap, resizable: isResizable, fitsAspect: fitsAspect, fillsAspect: fillsAspect, redactedColor: environment.isRedacted ? color.multiplyingAlpha(0.35) : nil)
        }
    }
}

/// A symbol: one ligature of the icon font, sized by the font or by the space offered.
final class SymbolNode: LayoutNode {
    let ligature: String
    let style: TextStyle
    let color: RGBA
    let resizable: Bool
    let redacted: Bool

    init(ligature: String, style: TextStyle, color: RGBA, resizable: Bool, redacted: Bool) {
        self.ligature = ligature
        self.style = style
        self.color = color
        self.resizable = resizable
        self.redacted = redacted
    }

    private func glyphSize(for proposal: ProposedSize) -> Double {
        guard resizable else { return style.size }
        let side = [proposal.width, proposal.height].compactMap { $0 }.filter(\.isFinite).min()
        return side ?? style.size
    }

    private func layout(_ proposal: ProposedSize) -> TextLayout {
        var sized = style
        sized.size = glyphSize(for: proposal)
        return TextLayout(ligature, style: sized)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let size = glyphSize(for: proposal)
        return Size(width: size, height: size)
    }

    override func place(in frame: Rect) -> PlacedView {
        if redacted {
            return PlacedView(frame: frame, content: .fill(.circle, color.multiplyingAlpha(0.35)), name: "Image")
        }
        let text = layout(ProposedSize(frame.size))
        // Centre the glyph's box in the frame: icon glyphs are square, their line box is not.
        let origin = Point(x: frame.midX - text.size.width / 2, y: frame.midY - text.size.height / 2)
        return PlacedView(frame: frame, children: [PlacedView(frame: Rect(origin: origin, size: text.size), content: .text(text, color), name: "Symbol")], name: "Image")
    }
}

/// A PNG image; a missing or unreadable file takes no space and draws nothing.
final class BitmapNode: LayoutNode {
    let bitmap: Bitmap?
    let resizable: Bool
    let fitsAspect: Bool
    let fillsAspect: Bool
    let redactedColor: RGBA?

    /// Pixels per point of the picture: 2 and 3 for an asset catalog's @2x and @3x files.
    let pointScale: Double

    init(bitmap: Bitmap?, pointScale: Double = 1, resizable: Bool, fitsAspect: Bool, fillsAspect: Bool, redactedColor: RGBA?) {
        self.bitmap = bitmap
        self.pointScale = pointScale
        self.resizable = resizable
        self.fitsAspect = fitsAspect
        self.fillsAspect = fillsAspect
        self.redactedColor = redactedColor
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        guard let bitmap else { return .zero }
        let natural = Size(width: bitmap.size.width / pointScale, height: bitmap.size.height / pointScale)
        guard resizable else { return natural }
        let offered = proposal.replacingUnspecified(with: natural)
        let target = Size(width: offered.width.isFinite ? offered.width : natural.width, height: offered.height.isFinite ? offered.height : natural.height)
        guard fitsAspect else { return target }
        let scale = min(target.width / natural.width, target.height / natural.height)
        return Size(width: natural.width * scale, height: natural.height * scale)
    }

    override func place(in frame: Rect) -> PlacedView {
        guard let bitmap else { return PlacedView(frame: frame, name: "Image") }
        if let redactedColor {
            return PlacedView(frame: frame, content: .fill(.roundedRectangle(cornerRadius: 4), redactedColor), name: "Image")
        }
        guard fillsAspect, resizable, frame.width > 0, frame.height > 0 else {
            return PlacedView(frame: frame, content: .bitmap(bitmap, template: nil), name: "Image")
        }
        // Scaled to cover the frame, centred, clipped to it.
        let scale = max(frame.width / bitmap.size.width, frame.height / bitmap.size.height)
        let covered = Size(width: bitmap.size.width * scale, height: bitmap.size.height * scale)
        let cover = Rect(origin: Point(x: frame.midX - covered.width / 2, y: frame.midY - covered.height / 2), size: covered)
        return PlacedView(frame: frame, content: .clip, children: [PlacedView(frame: cover, content: .bitmap(bitmap, template: nil), name: "Bitmap")], name: "Image")
    }
}

extension Image {
    /// How a resizable image fits the space it is given, as `aspectRatio(contentMode:)`
    /// asks: whole inside it (`.fit`) or covering it (`.fill`), keeping its proportions.
    public func aspectRatio(_ aspectRatio: Double? = nil, contentMode: ContentMode) -> Image {
        contentMode == .fit ? scaledToFit() : scaledToFill()
    }

    /// How an image's colours are used. The lock screen draws every image by its
    /// luminance in vibrant mode, and a symbol in its foreground colour, either way, so
    /// both modes draw alike here.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }

    /// Whether an image is drawn as a mask in the foreground colour or as it is.
    public enum TemplateRenderingMode: Sendable, Hashable {
        case template
        case original
    }
}

/// How content fits a space while keeping its proportions.
public enum ContentMode: Sendable, Hashable {
    case fit
    case fill
}

extension Image {
    /// How large a symbol is drawn beside its text, as SwiftUI's `Image.Scale`.
    public enum Scale: Sendable, Hashable {
        case small
        case medium
        case large

        /// Our reading of SF Symbols' scales against the text size: about 0.8, 1 and 1.3.
        var factor: Double {
            switch self {
            case .small: 0.8
            case .medium: 1
            case .large: 1.3
            }
        }
    }
}
