// A widget whose app keeps its data in an ObservableObject, as apps written before iOS 17's
// Observation do: `import Combine` for the model and its subscriptions, SwiftUI's
// `@ObservedObject`, `@StateObject` and `@EnvironmentObject` in the views, and a binding
// into the model for a subview.
import Combine
import SwiftUI
import WidgetKit

final class PlantStore: ObservableObject {
    @Published var moisture: Double
    @Published var name: String
    let readings = PassthroughSubject<Double, Never>()
    private var subscriptions = Set<AnyCancellable>()

    init(name: String, moisture: Double) {
        self.name = name
        self.moisture = moisture
        // A reading from the sensor, kept within 0...1.
        readings
            .map { min(max($0, 0), 1) }
            .removeDuplicates()
            .sink { [weak self] value in self?.moisture = value }
            .store(in: &subscriptions)
    }

    var needsWater: Bool { moisture < 0.3 }

    /// Marks the plant watered without a reading, telling the views first.
    func watered() {
        objectWillChange.send()
        moisture = 1
    }
}

struct MoistureGauge: View {
    @ObservedObject var store: PlantStore

    var body: some View {
        Gauge(value: store.moisture) {
            Image(systemName: "drop.fill")
        } currentValueLabel: {
            Text("\(Int(store.moisture * 100))")
        }
        .gaugeStyle(.accessoryCircularCapacity)
    }
}

struct PlantNameField: View {
    @Binding var name: String

    var body: some View { Text(name.uppercased()) }
}

struct PlantView: View {
    @EnvironmentObject var store: PlantStore
    @StateObject private var spare = PlantStore(name: "spare", moisture: 0.5)

    var body: some View {
        HStack {
            MoistureGauge(store: store)
            VStack(alignment: .leading) {
                PlantNameField(name: $store.name)
                Text(store.needsWater ? "Water me" : "Fine")
                Text(spare.name).hidden()
            }
        }
    }
}

struct PlantEntry: TimelineEntry {
    let date: Date
    let moisture: Double
}

struct PlantProvider: TimelineProvider {
    func placeholder(in context: Context) -> PlantEntry { PlantEntry(date: .now, moisture: 0.5) }
    func getSnapshot(in context: Context, completion: @escaping (PlantEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PlantEntry>) -> Void) {
        completion(Timeline(entries: [PlantEntry(date: .now, moisture: 0.25)], policy: .atEnd))
    }
}

struct PlantWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "plant", provider: PlantProvider()) { entry in
            PlantView()
                .environmentObject(PlantStore(name: "Fern", moisture: entry.moisture))
        }
        .supportedFamilies([.accessoryRectangular])
    }
}
