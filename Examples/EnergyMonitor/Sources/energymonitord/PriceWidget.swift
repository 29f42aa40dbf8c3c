import AppIntents
import SwiftUI
import WidgetKit

enum Tariff: String, AppEnum {
    case standard
    case dynamic

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Tariff"
    static let caseDisplayRepresentations: [Tariff: DisplayRepresentation] = [
        .standard: "Standard",
        .dynamic: "Dynamic",
    ]
}

struct PriceIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Grid price"
    static let description = IntentDescription("The price of electricity now.")

    @Parameter(title: "Tariff", default: .standard)
    var tariff: Tariff

    init() {}

    init(tariff: Tariff) {
        self.tariff = tariff
    }
}

struct PriceEntry: TimelineEntry {
    let date: Date
    let cents: Int
}

struct PriceProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> PriceEntry {
        PriceEntry(date: context.date, cents: 32)
    }

    func snapshot(for configuration: PriceIntent, in context: Context) async -> PriceEntry {
        PriceEntry(date: context.date, cents: EnergyStore.price(at: context.date, tariff: configuration.tariff.rawValue))
    }

    func timeline(for configuration: PriceIntent, in context: Context) async -> Timeline<PriceEntry> {
        // The price for each of the next six hours, on the hour.
        let hour = Calendar.current.dateInterval(of: .hour, for: context.date)?.start ?? context.date
        let entries = (0..<6).map { step -> PriceEntry in
            let date = step == 0 ? context.date : hour.addingTimeInterval(Double(step) * 3600)
            return PriceEntry(date: date, cents: EnergyStore.price(at: date, tariff: configuration.tariff.rawValue))
        }
        return Timeline(entries: entries, policy: .atEnd)
    }

    func recommendations() -> [AppIntentRecommendation<PriceIntent>] {
        [
            AppIntentRecommendation(intent: PriceIntent(tariff: .standard), description: "Standard tariff"),
            AppIntentRecommendation(intent: PriceIntent(tariff: .dynamic), description: Text("Dynamic tariff")),
        ]
    }
}

struct PriceView: View {
    let entry: PriceEntry

    var body: some View {
        ViewThatFits {
            Text("\(Image(systemName: "bolt.fill")) \(EnergyStore.text("price.now")) \(entry.cents) ct/kWh")
            Text("\(Image(systemName: "bolt.fill")) \(entry.cents) ct")
        }
    }
}

struct PriceWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "GridPrice", intent: PriceIntent.self, provider: PriceProvider()) { entry in
            PriceView(entry: entry)
        }
        .configurationDisplayName(EnergyStore.text("price.name"))
        .supportedFamilies([.accessoryInline])
    }
}
