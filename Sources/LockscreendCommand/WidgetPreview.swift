import Accessory
import Canvas
import ControlProtocol
import FoundationEssentials
import LockScreen
import LockScreenModel
import TimelineEngine
import ZoneInfo

/// One widget drawn as Xcode's `#Preview(as:timeline:)` shows it: its placeholder
/// (redacted), its snapshot, then each entry of one timeline, side by side with captions.
package struct WidgetPreview {
    package var renderer: LockScreenRenderer

    /// Drawn at the scale of a lock screen `width`×`height` (800×480 by default: about 2.1
    /// pixels a point), pictures diffused over `pictureInks` when a panel's are given.
    package init(colorScheme: ColorScheme, timeZone: ZoneRules, width: Int = 800, height: Int = 480, pictureInks: PictureInks? = nil) {
        renderer = .preview(colorScheme: colorScheme, timeZone: timeZone, width: width, height: height, pictureInks: pictureInks)
    }

    /// A tile: what is drawn, and the caption under it.
    private struct Tile {
        let entry: RenderableEntry
        let placeholder: Bool
        let caption: String
    }

    /// Asks `widget`'s provider for its placeholder, snapshot and timeline at `now`, and
    /// draws them. A timeline that fails is drawn as a caption saying why.
    package func render(_ widget: TimelineEngine.Widget, family: WidgetFamily, now: Date) async -> Frame {
        let (w, h) = family.referenceSize
        let context = TimelineProviderContext(family: family, displaySize: CGSize(width: w, height: h), date: now)
        var tiles = [
            Tile(entry: widget.instance.placeholder(context), placeholder: true, caption: "placeholder"),
            Tile(entry: await widget.instance.snapshot(context), placeholder: false, caption: "snapshot"),
        ]
        var note: String?
        do {
            let timeline = try await widget.instance.timeline(context)
            let zone = renderer.timeZone
            func time(_ date: Date) -> String {
                let c = zone.civil(date)
                return CFormat.string("%02d:%02d", c.hour, c.minute)
            }
            tiles += TimelineEngine.ordered(timeline.entries).map { Tile(entry: $0, placeholder: false, caption: time($0.date)) }
            switch timeline.policy.kind {
            case .atEnd: note = "reload policy: .atEnd (after the last entry)"
            case .never: note = "reload policy: .never (only when asked)"
            case let .after(date): note = "reload policy: .after(\(time(date)))"
            }
        } catch {
            note = "timeline failed: \(error)"
        }
        return draw(tiles, family: family, now: now, note: note)
    }

    /// Draws one `#Preview` of the program: each of its entries in its family, captioned
    /// with the entry's time, under the preview's name.
    package func render(_ preview: AccessoryPreview, now: Date) -> Frame {
        let zone = renderer.timeZone
        let tiles = preview.entries.enumerated().map { i, entry in
            let c = zone.civil(entry.date)
            return Tile(entry: entry, placeholder: false, caption: preview.isView ? "view" : "entry \(i + 1), " + CFormat.string("%02d:%02d", c.hour, c.minute))
        }
        return draw(tiles, family: preview.family, now: now, note: preview.name)
    }

    private func draw(_ tiles: [Tile], family: WidgetFamily, now: Date, note: String?) -> Frame {
        let scale = renderer.layout.scale
        let size = family.referencePointSize
        let (tileWidth, tileHeight) = (size.width * scale, size.height * scale)
        let gap = 16.0, captionHeight = 28.0
        let width = Int((Double(tiles.count) * (tileWidth + gap) + gap).rounded(.up))
        let height = Int((tileHeight + captionHeight * 2 + gap * 2).rounded(.up))
        var frame = Frame(width: max(width, 320), height: height, fill: renderer.face.colorScheme == .dark ? 0 : 255)
        let ink = renderer.face.colorScheme == .dark ? RGBA(white: 0.7) : RGBA(white: 0.3)
        let style = TextStyle(size: 15)
        for (i, tile) in tiles.enumerated() {
            let origin = Point(x: gap + Double(i) * (tileWidth + gap), y: gap)
            let placed = renderer.placeUnit(tile.entry, family: family, now: tile.placeholder ? now : max(now, tile.entry.date), placeholder: tile.placeholder)
            renderer.draw(placed, in: Rect(origin: origin, size: Size(width: tileWidth, height: tileHeight)), into: &frame, fullColor: family.isHomeScreen)
            let caption = TextLayout(tile.caption, style: style, maxWidth: tileWidth, lineLimit: 1)
            frame.draw { $0.draw(caption, at: Point(x: origin.x, y: origin.y + tileHeight + 6), color: ink) }
        }
        if let note {
            let text = TextLayout(note, style: style, maxWidth: Double(frame.width) - 2 * gap, lineLimit: 1)
            frame.draw { $0.draw(text, at: Point(x: gap, y: gap + tileHeight + captionHeight), color: ink) }
        }
        return frame
    }
}
