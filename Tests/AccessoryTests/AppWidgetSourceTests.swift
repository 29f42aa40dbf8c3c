import Accessory
import Canvas
import Foundation
import Testing
import TestSupport

/// What real apps' widget files write that tutorials do not (issue: WidgetKit as real
/// apps write it): names given as variables or texts, `cornerRadius`, `@State`.
private struct Names: Widget {
    static let title: String = ["Glu", "cose"].joined()
    let subtitle: Substring = "The latest reading and its trend."[...]

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Names", provider: CounterProvider()) { CounterView(entry: $0) }
            .configurationDisplayName(Self.title)
            .description(subtitle)
            .supportedFamilies([.accessoryCircular])
    }
}

private struct TextNames: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TextNames", provider: CounterProvider()) { CounterView(entry: $0) }
            .configurationDisplayName(Text("Next ") + Text(verbatim: "train"))
            .description(Text("Minutes to the next train."))
    }
}

/// A widget offered from an OS version on, as apps guard their lock-screen widgets.
private struct Guarded: Widget {
    var body: some WidgetConfiguration {
        if #available(iOSApplicationExtension 16.0, *) {
            return StaticConfiguration(kind: "Guarded", provider: CounterProvider()) { CounterView(entry: $0) }
                .supportedFamilies([.accessoryRectangular])
        } else {
            return EmptyWidgetConfiguration()
        }
    }
}

/// A widget that offers nothing, modified all the same.
private struct Nothing: Widget {
    var body: some WidgetConfiguration {
        EmptyWidgetConfiguration().configurationDisplayName("Nothing").supportedFamilies([.accessoryInline])
    }
}

private struct GuardedBundle: WidgetBundle {
    static let withNames = true

    var body: some Widget {
        Nothing()
        if #available(iOS 17.0, *) {
            Guarded()
        }
        if Self.withNames {
            Names()
        } else {
            TextNames()
        }
    }
}

private struct CounterEntry: TimelineEntry {
    let date: Date
}

private struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry { CounterEntry(date: context.date) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (CounterEntry) -> Void) { completion(CounterEntry(date: context.date)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CounterEntry>) -> Void) {
        completion(Timeline(entries: [CounterEntry(date: context.date)], policy: .never))
    }
}

private struct CounterView: View {
    let entry: CounterEntry
    @State private var count = 3
    @State private var note: String?

    var body: some View {
        Text("\(count) \(note ?? "none")")
    }
}

/// A view that changes its state while its body is read: the change lasts for this
/// drawing only.
private struct Bumping: View {
    @State private var count = 1

    var body: some View {
        count += 1
        return Text("\(count)")
    }
}

@Suite("App widgets' sources")
struct AppWidgetSourceTests {
    @Test("configurationDisplayName and description take strings made at run time and texts")
    func names() {
        let named = Names().descriptors[0]
        #expect(named.displayName == "Glucose" && named.description == "The latest reading and its trend.")
        let texts = TextNames().descriptors[0]
        #expect(texts.displayName == "Next train" && texts.description == "Minutes to the next train.")
    }

    @Test("@State holds its initial value, nil when it has none; a change lasts one drawing")
    func state() {
        #expect(place(.accessoryCircular) { CounterView(entry: CounterEntry(date: testNow)) }.texts == ["3 none"])
        #expect(place(.accessoryCircular) { Bumping() }.texts == ["2"])
        #expect(place(.accessoryCircular) { Bumping() }.texts == ["2"])
    }

    @Test("cornerRadius clips to a rounded rectangle, as clipShape(RoundedRectangle) does")
    func cornerRadius() {
        let rounded = draw(place(.accessoryRectangular) { Color.white.frame(width: 120, height: 60).cornerRadius(12) })
        let clipped = draw(place(.accessoryRectangular) { Color.white.frame(width: 120, height: 60).clipShape(RoundedRectangle(cornerRadius: 12)) })
        let square = draw(place(.accessoryRectangular) { Color.white.frame(width: 120, height: 60) })
        #expect(rounded.pixels == clipped.pixels)
        #expect(rounded.pixels != square.pixels)
    }

    @Test("Text with a translator's comment reads its key; textCase cases words and dates but not symbols")
    func textCase() {
        #expect(place(.accessoryRectangular) { Text("Next train", comment: "The widget's title") }.texts == ["Next train"])
        #expect(place(.accessoryRectangular) { Text("Due", tableName: "Trains", comment: "Before a time") }.texts == ["Due"])
        let upper = place(.accessoryRectangular) {
            VStack {
                Text("Due \(testNow, style: .time)")
                Label("Platform 2", systemImage: "train")
            }
            .textCase(.uppercase)
        }
        #expect(upper.texts == ["DUE 14:04", "train", "PLATFORM 2"], "\(upper.texts)")
        #expect(place(.accessoryInline) { Text("Quiet Hours").textCase(.lowercase) }.texts == ["quiet hours"])
        #expect(place(.accessoryInline) { Text("Quiet Hours").textCase(nil) }.texts == ["Quiet Hours"])
    }

    @Test("imageScale draws a symbol smaller or larger than its text")
    func imageScale() throws {
        func side(_ scale: Image.Scale) throws -> Double {
            let placed = place(.accessoryRectangular) { Image(systemName: "bolt.fill").imageScale(scale) }
            return try #require(placed.all.first { $0.name == "Symbol" }).frame.height
        }
        let (small, medium, large) = (try side(.small), try side(.medium), try side(.large))
        #expect(small < medium && medium < large, "\(small) \(medium) \(large)")
    }

    @Test("accessibility labels and invalidatable content are accepted and change no pixel")
    func accepted() {
        let plain = draw(place(.accessoryCircular) { Text("42") })
        let labelled = draw(place(.accessoryCircular) { Text("42").accessibilityLabel(Text("Forty-two")).accessibilityLabel("42").invalidatableContent() })
        #expect(plain.pixels == labelled.pixels)
    }

    @Test("aspectRatio(contentMode:) fits or fills as scaledToFit and scaledToFill; renderingMode and a corner style change nothing drawn")
    func imagesAndCorners() {
        func picture<V: View>(@ViewBuilder _ view: @escaping @Sendable () -> V) -> [UInt8] {
            draw(place(.accessoryRectangular, environment: { $0.imageDirectories = [fixtureRoot + "/pictures"] }, view)).pixels
        }
        let fit = picture { Image("gradient").resizable().aspectRatio(contentMode: .fit) }
        let fill = picture { Image("gradient").resizable().aspectRatio(contentMode: .fill).renderingMode(.original) }
        #expect(fit == picture { Image("gradient").resizable().scaledToFit() })
        #expect(fill == picture { Image("gradient").resizable().scaledToFill() })
        #expect(fit != fill)
        #expect(picture { RoundedRectangle(cornerRadius: 9, style: .continuous).fill(.white) } == picture { RoundedRectangle(cornerRadius: 9, style: .circular).fill(.white) })
    }

    @Test("EmptyWidgetConfiguration offers no widget, modified or not; bundles take if, if-else and if #available")
    func empty() {
        #expect(Guarded().descriptors.map(\.kind) == ["Guarded"])
        #expect(Nothing().descriptors.isEmpty)
        #expect(GuardedBundle().descriptors.map(\.kind) == ["Guarded", "Names"])
    }

    @Test("truncationMode puts the ellipsis at the head, in the middle or at the tail (the default)")
    func truncation() {
        func line(_ mode: Text.TruncationMode?) -> [UInt8] {
            draw(place(.accessoryRectangular) {
                Group {
                    if let mode {
                        Text("Northbound to Walthamstow Central via Seven Sisters").lineLimit(1).truncationMode(mode)
                    } else {
                        Text("Northbound to Walthamstow Central via Seven Sisters").lineLimit(1)
                    }
                }
            }).pixels
        }
        let (head, middle, tail, plain) = (line(.head), line(.middle), line(.tail), line(nil))
        #expect(tail == plain)
        #expect(head != tail && middle != tail && head != middle)
    }

    @Test("background(_:in:) fills the shape behind the view, sized to it")
    func backgroundInShape() {
        let short = draw(place(.accessoryRectangular) { Text("Bus 73").padding(6).background(.white, in: Capsule()) })
        let long = draw(place(.accessoryRectangular) { Text("Bus 73").padding(6).background { Capsule().fill(.white) } })
        let bare = draw(place(.accessoryRectangular) { Text("Bus 73").padding(6) })
        #expect(short.pixels == long.pixels && short.pixels != bare.pixels)
    }
}
