import FoundationEssentials
import Glibc
import Providers
import ProviderOptions

/// The benchmark's broker: messages for a configuration's `mqtt` widgets, one every few
/// seconds each (3 to 7, fixed per widget), with values that wander, delivered as the
/// MQTT bridge delivers them — into the board, then a reload now or, within a second of
/// the last, one when the second is over.
struct HouseFeed {
    private struct Source {
        var name: String
        var topic: String
        var every: TimeInterval
        var next: Date
        var value: Double
    }

    private var sources: [Source]
    private var coalescer = ReloadCoalescer()
    /// Reloads scheduled for the end of a widget's second.
    private var scheduled: [(name: String, at: Date)] = []
    private(set) var messages = 0

    /// One source per mqtt widget, a concrete topic for its filter.
    init(filters: [String: MQTTTopicFilter], start: Date) {
        sources = filters.sorted { $0.key < $1.key }.enumerated().map { i, entry in
            let topic = entry.value.levels.map { $0 == "+" ? "room\(i)" : $0 == "#" ? "value" : String($0) }.joined(separator: "/")
            return Source(name: entry.key, topic: topic, every: TimeInterval(3 + i % 5), next: start, value: 20 + Double(i))
        }
    }

    var isEmpty: Bool { sources.isEmpty }

    /// When the next message or scheduled reload is due.
    var nextEvent: Date? { (sources.map(\.next) + scheduled.map(\.at)).min() }

    /// Delivers what is due at `now` into `board`; the widget names to reload.
    mutating func deliver(at now: Date, into board: MQTTBoard) -> [String] {
        var reload: [String] = []
        for i in sources.indices where sources[i].next <= now {
            // A walk of ±0.5 in tenths: a sensor's reading.
            let step = Double((messages * 7 + i * 13) % 11 - 5) / 10
            sources[i].value = (sources[i].value + step).rounded(toPlaces: 1)
            _ = board.receive(topic: sources[i].topic, payload: Array(String(sources[i].value).utf8), at: now)
            messages += 1
            switch coalescer.arrived(sources[i].name, at: now) {
            case .now: reload.append(sources[i].name)
            case let .later(due, schedule): if schedule { scheduled.append((sources[i].name, due)) }
            }
            sources[i].next = now.addingTimeInterval(sources[i].every)
        }
        for job in scheduled where job.at <= now {
            coalescer.fired(job.name, at: job.at)
            reload.append(job.name)
        }
        scheduled.removeAll { $0.at <= now }
        return reload
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
