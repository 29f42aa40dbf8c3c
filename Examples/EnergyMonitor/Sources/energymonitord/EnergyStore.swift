import Foundation

/// What the app shares with its widgets: settings in the App Group's defaults, and the
/// house's figures (here made from the time of day, as a real app would fetch them from
/// its inverter).
enum EnergyStore {
    static let appGroup = "group.org.example.energymonitor"

    static var defaults: UserDefaults? { UserDefaults(suiteName: appGroup) }

    /// The battery's size in kWh, as the app stores it; 10 before the app has run.
    static var batteryCapacity: Double {
        let stored = defaults?.double(forKey: "batteryCapacity") ?? 0
        return stored > 0 ? stored : 10
    }

    /// The peak of the solar array in kW.
    static var arrayPeak: Double {
        let stored = defaults?.double(forKey: "arrayPeak") ?? 0
        return stored > 0 ? stored : 6.2
    }

    /// A localised string from the extension's tables.
    static func text(_ key: String) -> String {
        NSLocalizedString(key, bundle: .module, comment: "")
    }

    static func startOfDay(_ date: Date) -> Date {
        Calendar.current.startOfDay(for: date)
    }

    /// Solar output in kW at a time: a bell from 6:00 to 20:00.
    static func solar(at date: Date) -> Double {
        let hours = date.timeIntervalSince(startOfDay(date)) / 3600
        guard hours > 6, hours < 20 else { return 0 }
        let x = (hours - 13) / 3.5
        return (arrayPeak * exp(-x * x) * 100).rounded() / 100
    }

    /// Use in kWh for the hour starting at `date`.
    static func use(inHourStarting date: Date) -> Double {
        let hour = Calendar.current.component(.hour, from: date)
        let base: [Double] = [0.3, 0.3, 0.2, 0.2, 0.2, 0.3, 0.8, 1.2, 0.9, 0.6, 0.5, 0.6, 0.9, 0.7, 0.5, 0.5, 0.8, 1.4, 1.9, 1.6, 1.2, 0.9, 0.6, 0.4]
        return base[hour]
    }

    /// The battery's charge 0…1: filling through the sunny hours, draining at night.
    static func charge(at date: Date) -> Double {
        let hours = date.timeIntervalSince(startOfDay(date)) / 3600
        return hours < 8 ? 0.55 - hours * 0.04 : min(1, 0.23 + (hours - 8) * 0.09) - max(0, hours - 17) * 0.06
    }

    /// The grid price now in cents per kWh, by tariff.
    static func price(at date: Date, tariff: String) -> Int {
        let hour = Calendar.current.component(.hour, from: date)
        let peak = (17..<21).contains(hour)
        switch tariff {
        case "dynamic": return peak ? 41 : (hour < 6 ? 19 : 28)
        default: return 32
        }
    }
}
