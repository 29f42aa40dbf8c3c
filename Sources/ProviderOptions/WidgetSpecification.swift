import FoundationEssentials
import WidgetKitCore

/// One widget as the configuration file describes it: its name, kind and family, how
/// often it may reload, and where its timelines come from. Plain values: the file's reader
/// makes them and nothing runs; the composition root turns each into a running widget
/// (Providers' `WidgetRegistry.widget(for:boards:)`), and a reload keeps a widget's
/// timeline exactly when its specification is unchanged.
package struct WidgetSpecification: PlacedWidget, Equatable {
    /// `NAME` of `[widgets.NAME]`.
    package var name: String
    /// The kind, as `kind = "…"` says it.
    package var kind: String
    /// The family it is drawn in: given, or the one its place takes.
    package var family: WidgetFamily
    package var budget: ReloadBudget
    package var failurePolicy: FailurePolicy
    package var source: Source

    /// Where a widget's timelines come from.
    package enum Source: Sendable, Equatable {
        /// A widget written in Swift: its kind's `@Parameter`s, as text by name.
        case parameters([String: String])
        /// A program's output, a JSON timeline.
        case command(CommandRunner)
        /// An iCalendar file or address's next events.
        case calendar(CalendarSource)
        /// A JSON API's answer, through a template.
        case http(HTTPWidgetSource)
        /// The newest message on a broker's topic, through a template.
        case mqtt(MQTTWidgetSource)
        /// A Home Assistant entity, from the statestream or the REST API.
        case homeAssistant(HomeAssistantWidgetSource)
        /// The timeline last pushed to the widget (socket, web, broker).
        case push
        /// A timeline kept in a file, as the configuration's reader read it.
        case recorded(RecordedTimeline)
        /// A picture from a file, a folder, an address or a camera.
        case image(ImageWidgetSource)
    }

    package init(name: String, kind: String, family: WidgetFamily, budget: ReloadBudget = .standard, failurePolicy: FailurePolicy = FailurePolicy(), source: Source) {
        self.name = name
        self.kind = kind
        self.family = family
        self.budget = budget
        self.failurePolicy = failurePolicy
        self.source = source
    }

    /// Whether the widget is asked only when something arrives for it (a push, a broker
    /// message) rather than by its own policy.
    package var isFedFromOutside: Bool {
        switch source {
        case .push, .mqtt: true
        case let .homeAssistant(entity): entity.rest == nil
        default: false
        }
    }
}

/// A `recorded` widget's timeline: the file's JSON text, and the timeline the kinds'
/// check decoded of it (Providers' `TimelineJSON`), carried so that a file of a day's
/// entries is decoded once, not once to check it and again to run it. Two are equal
/// when their file and text are.
package struct RecordedTimeline: Sendable, Equatable {
    package let file: String
    package let json: Data
    /// What `WidgetKinds.readTimeline` made of `json`.
    package let decoded: any Sendable

    /// The most bytes a recorded timeline's file may hold: what a command's output, an
    /// HTTP body or an MQTT payload may.
    package static let maximumSize = 1 << 20

    package init(file: String, json: Data, decoded: any Sendable) {
        self.file = file
        self.json = json
        self.decoded = decoded
    }

    package static func == (a: RecordedTimeline, b: RecordedTimeline) -> Bool { a.file == b.file && a.json == b.json }
}

/// What the page's layout needs of a widget, whichever form it takes: the configuration's
/// specification or the engine's running widget.
package protocol PlacedWidget: Sendable {
    var name: String { get }
    var kind: String { get }
    var family: WidgetFamily { get }
}
