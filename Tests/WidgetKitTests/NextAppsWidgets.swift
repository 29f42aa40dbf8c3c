// What the next apps' widget and activity files reach for (issue 62): a view kept in its
// place but hidden, a badge moved by an offset, a logo scaled to fit, animations and
// transitions a panel draws in their end state, a colour given in linear light and one in
// Display P3, a subview that takes a binding, the family's debug name, the environment's
// label flag, the configuration's placement hints, and an intent's parameter summary.
import ActivityKit
import AppIntents
import SwiftUI
import WidgetKit

enum Brand {
    /// The app's accent, as its designer gave it: linear-light components.
    static let accent = Color(.sRGBLinear, red: 0.9, green: 0.2, blue: 0.05, opacity: 1)
    static let wide = Color(.displayP3, red: 1, green: 0.1, blue: 0.1)
    static let plain = Color(.sRGB, red: 0.2, green: 0.6, blue: 0.3, opacity: 0.8)
    static let space: Color.RGBColorSpace = .sRGBLinear
    static let mist = Color(space, white: 0.4, opacity: 0.5)
    static let entrance: AnyTransition = .move(edge: .leading).combined(with: .opacity)
    static let settle: Animation = .spring(response: 0.3, dampingFraction: 0.8)
    static let blend: BlendMode = .overlay
    static let avoided: [WidgetLocation] = [.standBy, .iPhoneWidgetsOnMac]
    static let leading: DynamicIslandMode = .compactLeading
    static let hiddenLabel: LocalizedStringKey = "A hidden note"
    /// A size the app keeps in its settings as a number.
    static let badgeSize = CGFloat(truncating: NSNumber(value: 14.5))
}

/// The app's settings store, read through a binding as its views take one.
final class ParcelSettings: @unchecked Sendable {
    var showsCount = true
    var binding: Binding<Bool> { Binding(get: { self.showsCount }, set: { self.showsCount = $0 }) }
}

/// A social app's follower count, short as the app shows it ("12K followers"), and its
/// reach with an exponent.
struct FollowersView: View {
    let followers: Int
    let reach: Double

    var body: some View {
        VStack(alignment: .leading) {
            Text("\(followers, format: .number.notation(.compactName)) followers")
            Text(reach, format: .number.notation(.scientific))
        }
    }
}

/// A charging session's time left, as an app writes it with Foundation's formatter.
struct ChargeLeftView: View {
    let secondsLeft: TimeInterval

    static let clock: DateComponentsFormatter = {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.hour, .minute, .second]
        formatter.unitsStyle = .positional
        formatter.zeroFormattingBehavior = .pad
        return formatter
    }()

    static let words: DateComponentsFormatter = {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.hour, .minute]
        formatter.unitsStyle = .abbreviated
        formatter.maximumUnitCount = 2
        formatter.includesTimeRemainingPhrase = true
        return formatter
    }()

    var body: some View {
        VStack(alignment: .leading) {
            Text(Self.clock.string(from: secondsLeft) ?? "--:--")
            Text(Self.words.string(from: secondsLeft) ?? "")
        }
    }
}

/// A row that shows its count only when asked to, through the app's binding.
struct CountRow: View {
    @Binding var showsCount: Bool
    let count: Int

    var body: some View {
        HStack {
            Text("Parcels")
            Text("\(count)")
                .opacity(showsCount ? 1 : 0)
                .animation(.easeInOut(duration: 0.3), value: showsCount)
        }
    }
}

struct ParcelsView: View {
    @Environment(\.widgetFamily) private var family
    @Environment(\.showsWidgetLabel) private var showsLabel
    let count: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            CountRow(showsCount: .constant(true), count: count)
            Text("Secret")
                .hidden()
                .accessibilityLabel(Brand.hiddenLabel)
            Text(showsLabel ? "labelled" : family.debugDescription)
                .font(.caption)
                .offset(x: 12, y: 0)
                .transition(Brand.entrance)
                .blendMode(Brand.blend)
                .animation(Brand.settle, value: count)
            Circle()
                .fill(Brand.accent)
                .scaledToFit()
            Rectangle()
                .rotation(.degrees(45))
                .fill(Brand.plain)
                .frame(width: 8, height: 8)
        }
    }
}

/// The app's own progress look: dots filled up to the fraction completed.
struct DotsProgressStyle: ProgressViewStyle {
    var dots = 5

    func makeBody(configuration: Configuration) -> some View {
        let filled = Int(((configuration.fractionCompleted ?? 0) * Double(dots)).rounded())
        VStack(alignment: .leading, spacing: 2) {
            configuration.label
            HStack(spacing: 3) {
                ForEach(0..<dots, id: \.self) { index in
                    Circle()
                        .fill(index < filled ? Color.primary : Color.secondary)
                        .frame(width: 6, height: 6)
                }
            }
            configuration.currentValueLabel
        }
    }
}

struct DeliveryProgress: View {
    let fraction: Double

    var body: some View {
        ProgressView(value: fraction) {
            Text("On its way")
        } currentValueLabel: {
            Text("\(Int(fraction * 100)) %")
        }
        .progressViewStyle(DotsProgressStyle())
    }
}

struct ParcelsEntry: TimelineEntry {
    let date: Date
    let count: Int
}

/// A parcel chosen for the widget.
struct ParcelIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Parcel"
    @Parameter(title: "Tracking number", default: "none") var tracking: String
    init() {}
    init(tracking: String) { self.tracking = tracking }
}

/// A carrier's parcels, summed up for Shortcuts and the edit sheet as the app writes it.
struct CarrierIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Carrier parcels"
    @Parameter(title: "Carrier", default: "DHL") var carrier: String
    @Parameter(title: "Days", default: 7) var days: Int

    static var parameterSummary: some ParameterSummary {
        Summary("Parcels from \(\.$carrier)") {
            \.$days
        }
    }
}

/// The same, with the sentence alone.
struct CarrierLineIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Carrier line"
    @Parameter(title: "Carrier", default: "DHL") var carrier: String

    static var parameterSummary: some ParameterSummary {
        Summary("Next from \(\.$carrier)")
    }
}

/// A parcel count that sums itself up by its scope, as an app's intent writes it.
struct ScopeIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Parcels in scope"
    @Parameter(title: "All carriers", default: true) var everyCarrier: Bool
    @Parameter(title: "Carrier", default: "DHL") var carrier: String
    @Parameter(title: "Days", default: 7) var days: Int

    static var parameterSummary: some ParameterSummary {
        When(\.$everyCarrier, .equalTo, true) {
            When(\.$days, .greaterThan, 30) {
                Summary("Parcels from every carrier this month")
            } otherwise: {
                Summary("Parcels from every carrier for \(\.$days)")
            }
        } otherwise: {
            Summary("Parcels from \(\.$carrier)")
        }
    }
}

/// The same intent's other conditions: an optional parameter's value, a list of values.
struct NoteIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Parcels with a note"
    @Parameter(title: "Note") var note: String?
    @Parameter(title: "Carrier", default: "UPS") var carrier: String

    static var parameterSummary: some ParameterSummary {
        When(\.$note, .hasAnyValue) {
            Summary("Parcels noted \(\.$note)")
        } otherwise: {
            When(\.$carrier, .oneOf, ["DHL", "UPS"]) {
                Summary("Parcels from \(\.$carrier), tracked")
            } otherwise: {
                Summary("Parcels from \(\.$carrier)")
            }
        }
    }
}

/// How often a parcel summary is sent, summed up by the app's enum.
enum DigestPace: String, AppEnum {
    case daily, weekly, monthly
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Pace"
    static let caseDisplayRepresentations: [DigestPace: DisplayRepresentation] = [.daily: "Daily", .weekly: "Weekly", .monthly: "Monthly"]
}

struct DigestIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Parcel digest"
    @Parameter(title: "Pace", default: .weekly) var pace: DigestPace

    static var parameterSummary: some ParameterSummary {
        Switch(\.$pace) {
            Case(.daily) {
                Summary("Parcels every day")
            }
            Case(.weekly) {
                Summary("Parcels every week")
            }
            DefaultCase {
                Summary("Parcels at \(\.$pace)")
            }
        }
    }
}

struct ParcelPicks {
    func recommendations() -> [AppIntentRecommendation<ParcelIntent>] {
        [AppIntentRecommendation(intent: ParcelIntent(tracking: "1Z999"), description: "Latest parcel")]
    }
}

/// A button that reopens the tracking page, with its hint on the label as iOS 18 apps write it.
struct TrackAgainIntent: AppIntent {
    static let title: LocalizedStringResource = "Track again"
    func perform() async throws -> some IntentResult { .result() }
}

struct TrackAgainControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "org.example.parcels.track") {
            ControlWidgetButton(action: TrackAgainIntent()) {
                Label("Track", systemImage: "shippingbox")
                    .controlWidgetActionHint("Opens the tracking page")
            }
        }
        .displayName("Track parcel")
    }
}

struct ParcelsProvider: TimelineProvider {
    func placeholder(in context: Context) -> ParcelsEntry { ParcelsEntry(date: .now, count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (ParcelsEntry) -> Void) { completion(ParcelsEntry(date: .now, count: 2)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ParcelsEntry>) -> Void) {
        completion(Timeline(entries: [ParcelsEntry(date: .now, count: 2)], policy: .never))
    }
}

struct ParcelsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "parcels", provider: ParcelsProvider()) { entry in
            ParcelsView(count: entry.count)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Parcels")
        .supportedFamilies([.accessoryRectangular])
        .containerBackgroundRemovable(false)
        .disfavoredLocations(Brand.avoided, for: [.accessoryRectangular])
    }
}

struct ParcelAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var stopsAway: Int
    }
    var carrier: String
}

struct ParcelActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: ParcelAttributes.self) { context in
            Text("\(context.attributes.carrier): \(context.state.stopsAway) stops")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text(context.attributes.carrier) }
            } compactLeading: {
                Image(systemName: "shippingbox")
            } compactTrailing: {
                Text("\(context.state.stopsAway)")
            } minimal: {
                Text("\(context.state.stopsAway)")
            }
            .contentMargins(.leading, 6, for: Brand.leading)
            .contentMargins(.trailing, 6, for: .compactTrailing)
        }
        .containerBackgroundRemovable()
    }
}

/// An activity whose content closure computes before it returns, as some apps write it:
/// a plain closure on iOS (one with a `return` is not transformed by the builder).
struct ParcelReturnActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: ParcelAttributes.self) { context in
            let stops = context.state.stopsAway
            var title = context.attributes.carrier
            if stops == 0 { title += " is here" }
            return VStack {
                Text(title)
                Text("\(stops) stops")
            }
            .activityBackgroundTint(Color.black.opacity(0.5))
        } dynamicIsland: { context in
            let stops = context.state.stopsAway
            return DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("\(stops)") }
            } compactLeading: {
                Text("\(stops)")
            } compactTrailing: {
                Text("")
            } minimal: {
                Text("\(stops)")
            }
        }
    }
}
