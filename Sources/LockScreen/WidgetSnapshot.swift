import Accessory
import Canvas
import ControlProtocol
import FoundationEssentials
import LockScreenModel  // for .referencePointSize
import ZoneInfo

/// One entry of a widget drawn exactly as the lock screen draws it — same layout, fonts,
/// scale and appearance — so a widget package can test its views and look at them
/// without a display, as WidgetKit's previews let an app developer do.
public struct WidgetSnapshot: Equatable, Sendable {
    /// Why an entry could not be drawn.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The entry is not of the type the widget's provider makes.
        case wrongEntryType(widget: String, entry: String)
        /// The widget does not list the family in `supportedFamilies`.
        case unsupportedFamily(widget: String, family: WidgetFamily)
        /// The PNG could not be written.
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case let .wrongEntryType(widget, entry): "widget '\(widget)' does not draw entries of type \(entry)"
            case let .unsupportedFamily(widget, family): "widget '\(widget)' does not support \(family)"
            case let .cannotWrite(path, reason): "cannot write PNG '\(path)': \(reason)"
            }
        }
    }

    /// The drawing's size in pixels: the family's size on an 800×480 lock screen.
    public var width: Int { frame.width }
    public var height: Int { frame.height }

    let frame: Frame
    /// The background's grey level: black on the dark appearance, white on light.
    let background: UInt8

    /// Draws `entry` with `widget`'s view in `family`, at `now` (the entry's date when
    /// nil), as the lock screen would show it.
    public init<W: Widget>(
        of widget: W, entry: some TimelineEntry, family: WidgetFamily,
        colorScheme: ColorScheme = .dark, now: Date? = nil, timeZone: TimeZone = .current
    ) throws(Failure) {
        let descriptor = widget.descriptors[0]
        guard descriptor.supportedFamilies.contains(family) else {
            throw .unsupportedFamily(widget: descriptor.kind, family: family)
        }
        guard let drawable = descriptor.draw(entry) else {
            throw .wrongEntryType(widget: descriptor.kind, entry: "\(type(of: entry))")
        }
        // Drawn at the scale `lockscreend preview` uses, an 800×480 lock screen's.
        let renderer = LockScreenRenderer.preview(colorScheme: colorScheme, timeZone: ZoneRules(timeZone))
        let size = family.referencePointSize
        let rect = Rect(x: 0, y: 0, width: size.width * renderer.layout.scale, height: size.height * renderer.layout.scale)
        background = colorScheme == .dark ? 0 : 255
        var frame = Frame(width: Int(rect.width.rounded(.up)), height: Int(rect.height.rounded(.up)), fill: background)
        renderer.draw(renderer.placeUnit(drawable, family: family, now: now ?? entry.date), in: rect, into: &frame, fullColor: family.isHomeScreen)
        self.frame = frame
    }

    /// Writes the drawing as a PNG, to look at or to keep as a reference.
    public func writePNG(to path: String) throws(Failure) {
        do {
            try frame.writePNG(to: path)
        } catch {
            guard case let .cannotWrite(_, reason) = error else { throw .cannotWrite(path: path, reason: error.description) }
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// How many pixels differ from `other`'s (all of them when the sizes differ).
    public func differingPixels(from other: WidgetSnapshot) -> Int {
        guard width == other.width, height == other.height else { return max(width * height, other.width * other.height) }
        var count = 0
        for y in 0..<height {
            for x in 0..<width where frame.rgb(x: x, y: y) != other.frame.rgb(x: x, y: y) { count += 1 }
        }
        return count
    }

    /// The share of pixels not of the background colour: 0 for a widget that draws
    /// nothing.
    public var coverage: Double {
        var inked = 0
        for y in 0..<height {
            for x in 0..<width where frame.rgb(x: x, y: y) != (background, background, background) { inked += 1 }
        }
        return Double(inked) / Double(width * height)
    }

    public static func == (a: WidgetSnapshot, b: WidgetSnapshot) -> Bool { a.frame == b.frame }
}
