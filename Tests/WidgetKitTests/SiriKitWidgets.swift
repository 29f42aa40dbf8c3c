import Intents
import SwiftUI
import WidgetKit

// A widget configured the SiriKit way, as apps wrote them before App Intents (and Xcode's
// widget template did until iOS 17): an `IntentConfiguration` over the class Xcode
// generates from the target's `Intents.intentdefinition` (here IntentClassGeneration
// generates it), an `IntentTimelineProvider` with completion handlers, and the intent
// extension's handler listing the stops. Imports unchanged.

struct DeparturesEntry: TimelineEntry {
    let date: Date
    let configuration: ConfigurationIntent
    let minutes: [Int]
}

struct DeparturesProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> DeparturesEntry {
        DeparturesEntry(date: Date(), configuration: ConfigurationIntent(), minutes: [2, 9, 14])
    }

    func getSnapshot(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (DeparturesEntry) -> ()) {
        completion(DeparturesEntry(date: context.date, configuration: configuration, minutes: [2, 9, 14]))
    }

    func getTimeline(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
        let count = configuration.departures?.intValue ?? 3
        let minutes = Array([3, 8, 12, 19, 25, 31].prefix(count))
        let entry = DeparturesEntry(date: context.date, configuration: configuration, minutes: minutes)
        completion(Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(60))))
    }

    func recommendations() -> [IntentRecommendation<ConfigurationIntent>] {
        let intent = ConfigurationIntent()
        intent.departures = 2
        return [IntentRecommendation(intent: intent, description: "Next two")]
    }
}

/// The app's API client: the minutes to the next departures, as a JSON array.
enum DeparturesAPI {
    static func minutes(from url: URL) async throws -> [Int] {
        let (data, _) = try await URLSession.shared.data(for: URLRequest(url: url))
        return try JSONDecoder().decode([Int].self, from: data)
    }
}

struct DeparturesView: View {
    var entry: DeparturesProvider.Entry

    var stopName: String { entry.configuration.stop?.displayString ?? "Choose a stop" }

    var body: some View {
        VStack(alignment: .leading) {
            Text(entry.configuration.title ?? stopName)
                .font(.headline)
            if let line = entry.configuration.stop?.line {
                Text(line)
            }
            Text(entry.minutes.map { "\($0)" }.joined(separator: ", ") + " min")
            if entry.configuration.showsPlatform?.boolValue ?? false {
                Text(entry.configuration.unit == .feet ? "Platform 2 · 300 ft" : "Platform 2 · 90 m")
                    .font(.caption)
            }
        }
    }
}

struct DeparturesWidget: Widget {
    let kind: String = "Departures"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: ConfigurationIntent.self, provider: DeparturesProvider()) { entry in
            DeparturesView(entry: entry)
        }
        .configurationDisplayName("Departures")
        .description("The next departures from a stop.")
        .supportedFamilies([.accessoryRectangular])
    }
}

/// The intent extension's principal class, as the app's Intents extension declares it.
class IntentHandler: INExtension, ConfigurationIntentHandling {
    func provideStopOptionsCollection(for intent: ConfigurationIntent, with completion: @escaping (INObjectCollection<Stop>?, Error?) -> Void) {
        let stops = [("940GZZLUOXC", "Oxford Circus", "Victoria"), ("940GZZLUKSX", "King's Cross", "Northern")].map { id, name, line in
            let stop = Stop(identifier: id, display: name)
            stop.line = line
            return stop
        }
        completion(INObjectCollection(items: stops), nil)
    }

    func provideLineOptionsCollection(for intent: ConfigurationIntent) async throws -> INObjectCollection<NSString> {
        INObjectCollection(items: ["Victoria", "Northern"].map { NSString(string: $0) })
    }

    override func handler(for intent: INIntent) -> Any {
        return self
    }
}

#Preview(as: .accessoryRectangular) {
    DeparturesWidget()
} timeline: {
    DeparturesEntry(date: .now, configuration: ConfigurationIntent(), minutes: [2, 9, 14])
}
