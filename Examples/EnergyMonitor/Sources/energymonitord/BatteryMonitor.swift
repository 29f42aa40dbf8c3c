import Combine
import Foundation

/// The app's battery model, shared with the extension: the inverter's raw readings go in
/// through a subject, and `charge` publishes them clamped to 0…1, each change once, as an
/// app's `ObservableObject` does for its views.
final class BatteryMonitor: ObservableObject {
    @Published private(set) var charge: Double = 0
    let readings = PassthroughSubject<Double, Never>()
    private var subscriptions = Set<AnyCancellable>()

    init() {
        readings
            .map { min(1, max(0, $0)) }
            .removeDuplicates()
            .sink { [weak self] in self?.charge = $0 }
            .store(in: &subscriptions)
    }

    /// The charge the battery has at `date`, read as the inverter reports it.
    func charge(at date: Date) -> Double {
        readings.send(EnergyStore.charge(at: date))
        return charge
    }
}
