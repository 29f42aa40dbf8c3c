import Accessory
import Canvas
import FoundationEssentials

/// One picture of an `image` widget: where it came from and its decoded pixels. Saved
/// state keeps only the date and the source; the pixels are read again on restore.
struct ImageEntry: TimelineEntry, Codable {
    let date: Date
    let source: String
    var fill: Bool
    var bitmap: Bitmap?

    init(date: Date, source: String, fill: Bool, bitmap: Bitmap?) {
        self.date = date
        self.source = source
        self.fill = fill
        self.bitmap = bitmap
    }

    private enum CodingKeys: String, CodingKey {
        case date, source, fill
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(Date.self, forKey: .date)
        source = try container.decode(String.self, forKey: .source)
        fill = try container.decode(Bool.self, forKey: .fill)
        bitmap = nil
    }

    var renderable: RenderableEntry { RenderableEntry(self) { ImageEntryView(entry: $0) } }

    /// What shows before the first picture: a photo symbol on the widget's background.
    static func placeholder(_ context: TimelineProviderContext) -> RenderableEntry {
        ImageEntry(date: context.date, source: "", fill: true, bitmap: nil).renderable
    }
}

/// Draws a picture as iOS's photo widgets do: edge to edge on a home-screen tile (its
/// container background), cut round for the circular family, with rounded corners for
/// the rectangular one; fitted whole inside instead when the widget says `fit`.
struct ImageEntryView: View {
    let entry: ImageEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        if let bitmap = entry.bitmap {
            if family.isHomeScreen && entry.fill {
                Spacer().containerBackground(for: .widget) { Image(bitmap: bitmap).resizable().scaledToFill() }
            } else if entry.fill {
                Image(bitmap: bitmap).resizable().scaledToFill()
                    .clipShape(family == .accessoryCircular ? Circle() : RoundedRectangle(cornerRadius: 8))
            } else {
                Image(bitmap: bitmap).resizable().scaledToFit()
            }
        } else {
            ZStack {
                AccessoryWidgetBackground()
                Image(systemName: "photo").font(.system(size: 22))
            }
        }
    }
}
