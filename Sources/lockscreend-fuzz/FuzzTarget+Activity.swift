import ActivityKitCore
import Accessory
import Canvas  // for Size
import ControlProtocol
import FoundationEssentials
import JSON
import LockScreen  // for ActivityBand
import LockScreenModel

extension FuzzTarget {
    /// A Live Activity push as every front end hands it over (an HTTP body, an MQTT
    /// payload, the `payload` of a socket request): read, applied to a band running the
    /// daemon's own activity and an app's with dates, enums and arrays in its
    /// `ContentState`, drawn in the band and in one line, then saved and restored. A push
    /// is taken whole or refused, and whatever the band keeps draws.
    static let activity = FuzzTarget(name: "activity", seeds: [], inline: activitySeeds) { bytes in
        guard let payload = JSONValue.parse(Data(bytes)) else { return }
        let now = Date(timeIntervalSince1970: 1_795_356_297)
        var band = seededBand
        let before = band.key
        // The push for each running activity, and for a new token.
        for token in ["00aa11bb22cc33dd", "00aa11bb22cc33ee", "00aa11bb22cc33ff"] {
            guard let push = try? ActivityPush(token: token, payload: payload, priority: 10) else { continue }
            try? band.apply(push.operation, now: now)
        }
        // What the band keeps is drawn; an input refused changed nothing to draw again.
        guard band.key != before else { return }
        for size in [Size(width: 370, height: 160), Size(width: 172, height: 30)] {
            let placed = band.place(size: size, now: now) { family in
                var environment = EnvironmentValues()
                environment.widgetFamily = family
                return environment
            }
            _ = placed.nextChange(after: now)
        }
        // Saved state is input too: what was kept comes back through the restore's checks.
        var restored = ActivityBand(presenters: presenters)
        restored.restore(band.book.records, retired: band.book.retired, now: now.addingTimeInterval(3600))
        precondition(restored.book.records.count <= ActivityBook.maximumActivities + ActivityBook.maximumEnded, "more activities than the limits")
    }

    static let presenters = FuzzMatchWidget().activityPresenters

    /// The band every input starts from: the daemon's activity and the app's, running.
    static let seededBand: ActivityBand = {
        let now = Date(timeIntervalSince1970: 1_795_356_297)
        var band = ActivityBand(presenters: presenters)
        for (token, type, state) in [("00aa11bb22cc33dd", LockScreenActivity.typeName, #"{"message":"2 stops"}"#), ("00aa11bb22cc33ee", "FuzzMatch", matchState)] {
            let content = ActivityUpdate(state: Data(state.utf8), timestamp: now.addingTimeInterval(-60))
            try? band.apply(.start(id: token, attributesType: type, attributes: Data(#"{"home":"A","away":"B"}"#.utf8), content: content, channel: nil), now: now)
        }
        precondition(band.presented.count == 2, "the seeded activities did not start")
        return band
    }()

    static let matchState = #"{"home":2,"away":1,"period":"second","kickoff":785000000,"scorers":["Kane 12'","Saka 80'"],"clock":[785000000,785005400]}"#

    static let activitySeeds = [
        #"{"aps": {"timestamp": 1795356300, "event": "update", "content-state": {"home": 3, "away": 1, "period": "extra", "kickoff": 785000000, "scorers": [], "clock": [785000000, 1e19]}, "alert": {"title": "Goal!", "body": {"loc-key": "GOAL"}}}}"#,
        #"{"aps": {"timestamp": 1795356300, "event": "update", "content-state": {"message": "12 min", "ends": 1e19, "progress": -1e308, "symbol": "no.such.symbol"}, "stale-date": 1795356400, "relevance-score": 1e308}}"#,
        #"{"aps": {"timestamp": 1795356300, "event": "start", "attributes-type": "FuzzMatch", "attributes": {"home": "X"}, "content-state": {"home": 0}}}"#,
        #"{"aps": {"timestamp": 1, "event": "end", "dismissal-date": 99999999999, "content-state": {"title": 5}}}"#,
        #"{"event": "dismiss"}"#,
        #"{"aps": {"timestamp": 1795356300, "event": "update", "content-state": {"value": "1"}, "alert": {"title-loc-key": "%1$@ %@ %%", "title-loc-args": ["a", 2, 1e300], "loc-key": "%99$@%", "loc-args": []}}}"#,
        #"{"aps": {"timestamp": 1795356300, "event": "start", "attributes-type": "LockScreenActivity", "attributes": {}, "content-state": {"title": "x", "ends": 1795356400}}}"#,
    ]
}

/// An app's activity as apps write them: a date range for a timer, an enum, arrays.
struct FuzzMatch: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        enum Period: String, Codable, Hashable { case first, second, extra }
        var home: Int
        var away: Int
        var period: Period?
        var kickoff: Date?
        var scorers: [String]?
        var clock: ClosedRange<Date>?
    }

    var home: String
    var away: String
}

struct FuzzMatchWidget: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: FuzzMatch.self) { context in
            VStack(alignment: .leading) {
                Text("\(context.attributes.home) \(context.state.home)–\(context.state.away) \(context.attributes.away)").font(.headline)
                if let clock = context.state.clock { Text(timerInterval: clock, countsDown: false) }
                if let kickoff = context.state.kickoff { Text(kickoff, style: .relative) }
                ForEach(context.state.scorers ?? [], id: \.self) { Text($0).font(.caption) }
            }
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text(context.state.period?.rawValue ?? "") }
            } compactLeading: {
                Text("\(context.state.home)")
            } compactTrailing: {
                if let clock = context.state.clock { Text(timerInterval: clock) } else { Text("\(context.state.away)") }
            } minimal: {
                Text("\(context.state.home)")
            }
        }
    }
}
