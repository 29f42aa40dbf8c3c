import SwiftUI
import WidgetKit

#Preview("Solar", as: .accessoryRectangular) {
    SolarWidget()
} timeline: {
    SolarEntry.at(EnergyStore.startOfDay(.now).addingTimeInterval(11 * 3600))
    SolarEntry.at(EnergyStore.startOfDay(.now).addingTimeInterval(16 * 3600))
}

#Preview("Battery", as: .accessoryCircular) {
    BatteryWidget()
} timeline: {
    BatteryEntry(date: .now, charge: 0.18, capacity: 10)
    BatteryEntry(date: .now, charge: 0.86, capacity: 10)
}

#Preview("Usage", as: .accessoryRectangular) {
    UsageWidget()
} timeline: {
    UsageEntry.at(EnergyStore.startOfDay(.now).addingTimeInterval(20 * 3600))
}
