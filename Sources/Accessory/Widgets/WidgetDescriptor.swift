import AppIntentsCore
import Canvas
import FoundationEssentials

/// Everything the daemon knows about a widget kind: its names, families, parameters,
/// and how to make a running instance from parameter values.
package struct WidgetDescriptor: Sendable {
    package let kind: String
    package var displayName: String
    package var description: String
    package var supportedFamilies: [WidgetFamily]
    /// The configurable parameters (empty for a `StaticConfiguration`).
    package private(set) var parameters: [ParameterDescriptor]
    /// Makes an instance with parameters given as text by name; unknown names and
    /// values of the wrong type are errors.
    package private(set) var instantiate: @Sendable (_ parameters: [String: String]) throws(ParameterError) -> WidgetInstance
    /// Draws an entry given from outside (a test, a preview) with the widget's own view;
    /// nil when it is not of the widget's entry type.
    package private(set) var draw: @Sendable (any TimelineEntry) -> RenderableEntry?
    /// Parameters whose valid values a provider or query lists, by name.
    var optionSources: [String: IntentOptionsSource] = [:]

    /// A kind made elsewhere than this module (a control, in WidgetKit's): every field,
    /// as the memberwise initialiser takes them.
    package init(
        kind: String, displayName: String, description: String, supportedFamilies: [WidgetFamily], parameters: [ParameterDescriptor],
        instantiate: @escaping @Sendable (_ parameters: [String: String]) throws(ParameterError) -> WidgetInstance,
        draw: @escaping @Sendable (any TimelineEntry) -> RenderableEntry?, optionSources: [String: IntentOptionsSource] = [:]
    ) {
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.supportedFamilies = supportedFamilies
        self.parameters = parameters
        self.instantiate = instantiate
        self.draw = draw
        self.optionSources = optionSources
    }

    /// This widget drawn without the home screen's content margins
    /// (`.contentMarginsDisabled()`): every entry its instances and `draw` make fills its tile.
    func withoutContentMargins() -> WidgetDescriptor {
        var changed = self
        let (instantiate, draw) = (self.instantiate, self.draw)
        changed.instantiate = { (values: [String: String]) throws(ParameterError) in try instantiate(values).withoutContentMargins() }
        changed.draw = { draw($0)?.withoutContentMargins() }
        return changed
    }

    /// This descriptor with each dynamic parameter's options asked for: they become the
    /// values the config file may give (an enumeration, with "did you mean"), and any
    /// other value is refused. Asked once, when the program starts.
    package func resolvingOptions() async -> WidgetDescriptor {
        guard !optionSources.isEmpty else { return self }
        var resolved = self
        var allowed: [String: Set<String>] = [:]
        for (name, source) in optionSources.sorted(by: { $0.key < $1.key }) {
            let options = await source.fetch()
            // A source that lists nothing (a handler that offers no objects, a query that
            // failed) leaves the parameter free rather than refusing every value.
            guard !options.isEmpty else { continue }
            allowed[name] = Set(options.map(\.text))
            guard let index = resolved.parameters.firstIndex(where: { $0.name == name }) else { continue }
            let enumeration = IntentValueKind.enumeration(cases: options.map(\.text), titles: options.map(\.title))
            switch resolved.parameters[index].kind {
            case .optional:
                resolved.parameters[index].kind = .optional(enumeration)
            case .list:
                resolved.parameters[index].kind = .list(enumeration)
            default:
                resolved.parameters[index].kind = enumeration
                if resolved.parameters[index].defaultText.isEmpty, let first = options.first { resolved.parameters[index].defaultText = first.text }
            }
        }
        let instantiate = self.instantiate
        let allowedValues = allowed
        let kinds = Dictionary(resolved.parameters.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
        resolved.instantiate = { (values: [String: String]) throws(ParameterError) in
            for (name, text) in values.sorted(by: { $0.key < $1.key }) {
                guard let allowed = allowedValues[name] else { continue }
                // A list's elements each one of the listed values.
                let chosen = if case .list = kinds[name] { IntentListText.elements(of: text) ?? [text] } else { [text] }
                guard chosen.allSatisfy(allowed.contains) else {
                    throw .invalid(name: name, value: text, expected: kinds[name]?.expectation ?? "a listed value")
                }
            }
            return try instantiate(values)
        }
        return resolved
    }
}

/// A configured widget: its provider behind closures that hand back renderable entries.
package struct WidgetInstance: Sendable {
    package let placeholder: @Sendable (TimelineProviderContext) -> RenderableEntry
    package let snapshot: @Sendable (TimelineProviderContext) async -> RenderableEntry
    /// The next timeline; providers written in Swift never throw, the daemon's own
    /// (commands, HTTP) do when their source fails.
    package let timeline: @Sendable (TimelineProviderContext) async throws -> RenderableTimeline
    /// Rebuilds an entry saved as data (`RenderableEntry.data`); nil when the data no
    /// longer decodes as this widget's entry type.
    package let restore: @Sendable (_ date: Date, _ relevance: TimelineEntryRelevance?, _ data: Data) -> RenderableEntry?

    package init(
        placeholder: @escaping @Sendable (TimelineProviderContext) -> RenderableEntry,
        snapshot: @escaping @Sendable (TimelineProviderContext) async -> RenderableEntry,
        timeline: @escaping @Sendable (TimelineProviderContext) async throws -> RenderableTimeline,
        restore: @escaping @Sendable (Date, TimelineEntryRelevance?, Data) -> RenderableEntry? = { _, _, _ in nil }
    ) {
        self.placeholder = placeholder
        self.snapshot = snapshot
        self.timeline = timeline
        self.restore = restore
    }

    /// The same instance, each entry it hands over drawn without content margins.
    func withoutContentMargins() -> WidgetInstance {
        let instance = self
        return WidgetInstance(
            placeholder: { instance.placeholder($0).withoutContentMargins() },
            snapshot: { await instance.snapshot($0).withoutContentMargins() },
            timeline: { context in
                var timeline = try await instance.timeline(context)
                timeline.entries = timeline.entries.map { $0.withoutContentMargins() }
                return timeline
            },
            restore: { instance.restore($0, $1, $2)?.withoutContentMargins() })
    }

    /// An instance whose entries are `Entry` values drawn by `content`; entries that are
    /// `Codable` can be saved and restored.
    package init<Entry: TimelineEntry, Content: View>(
        content: ViewFactory<Entry, Content>,
        placeholder: @escaping @Sendable (TimelineProviderContext) -> Entry,
        snapshot: @escaping @Sendable (TimelineProviderContext) async -> Entry,
        timeline: @escaping @Sendable (TimelineProviderContext) async -> Timeline<Entry>
    ) {
        self.init(
            placeholder: { RenderableEntry(placeholder($0), content: content) },
            snapshot: { RenderableEntry(await snapshot($0), content: content) },
            timeline: { context in
                let timeline = await timeline(context)
                return RenderableTimeline(entries: timeline.entries.map { RenderableEntry($0, content: content) }, policy: timeline.policy)
            },
            restore: { _, _, data in
                guard let type = Entry.self as? any Decodable.Type, let entry = try? EntryCoding.decode(type, from: data) as? Entry else { return nil }
                return RenderableEntry(entry, content: content)
            })
    }
}

/// Entries to and from JSON, for saved state.
enum EntryCoding {
    static func encode(_ entry: some TimelineEntry) -> Data? {
        guard let encodable = entry as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        return try? encoder.encode(encodable)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: data)
    }
}

/// A timeline with its entry type erased.
package struct RenderableTimeline: Sendable {
    package var entries: [RenderableEntry]
    package var policy: TimelineReloadPolicy

    package init(entries: [RenderableEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// An entry with its type erased: its date and relevance, and its view ready to lay out.
package struct RenderableEntry: Sendable {
    package let date: Date
    package let relevance: TimelineEntryRelevance?
    /// The entry as JSON when its type is `Codable`: what saved state keeps. Encoded
    /// when asked (saving state), not for every entry a provider hands over.
    package var data: Data? { encode() }
    private let encode: @Sendable () -> Data?
    let makeNode: @Sendable (EnvironmentValues) -> LayoutNode
    /// What the view is drawn from besides its environment, when the view is known to
    /// read nothing else (the daemon's own providers' views): entries with equal ones
    /// draw alike. Nil for a widget's own view, which may read anything. In a box of its
    /// own: an entry is copied as one reference more, not as an existential's value
    /// (sorting a timeline's entries cost five times as much).
    private var drawnFrom: DrawnFrom?

    private final class DrawnFrom: Sendable {
        let value: any Equatable & Sendable

        init(_ value: any Equatable & Sendable) { self.value = value }

        func isEqual(to other: DrawnFrom) -> Bool {
            func equal<T: Equatable>(_ a: T, _ b: Any) -> Bool { (b as? T).map { $0 == a } ?? false }
            return self === other || equal(value, other.value)
        }
    }
    /// On a home-screen tile, the content fills the tile instead of keeping the standard
    /// margins (`.contentMarginsDisabled()`); the view can read them from
    /// `widgetContentMargins` and pad where it wants.
    private(set) var contentMarginsDisabled = false

    /// This entry drawn without content margins.
    func withoutContentMargins() -> RenderableEntry {
        var entry = self
        entry.contentMarginsDisabled = true
        return entry
    }

    /// An entry showing `content(entry)`.
    init<Entry: TimelineEntry, Content: View>(_ entry: Entry, content: ViewFactory<Entry, Content>) {
        date = entry.date
        relevance = entry.relevance
        encode = { EntryCoding.encode(entry) }
        makeNode = { env in SwiftUICore.makeNode(content.make(entry), in: env) }
    }

    /// An entry of the daemon's own providers (commands, pushes, HTTP), drawn by
    /// `content` and saved, when `Codable`, like a Swift widget's entry.
    package init<Entry: TimelineEntry, Content: View>(_ entry: Entry, view content: @escaping (Entry) -> Content) {
        self.init(entry, content: ViewFactory(make: content))
    }

    /// An entry whose `content` view reads only `drawnFrom` of it (and the environment):
    /// a new entry with the same is known to draw as the last without laying it out.
    package init<Entry: TimelineEntry, Content: View, Drawn: Equatable & Sendable>(
        _ entry: Entry, drawnFrom drawn: Drawn, view content: @escaping (Entry) -> Content
    ) {
        self.init(entry, content: ViewFactory(make: content))
        drawnFrom = DrawnFrom(drawn)
    }

    /// Whether this entry draws exactly as `other` in any one environment: both say what
    /// they are drawn from, and it is equal. False when either cannot tell.
    package func drawsLike(_ other: RenderableEntry) -> Bool {
        guard let mine = drawnFrom, let theirs = other.drawnFrom, contentMarginsDisabled == other.contentMarginsDisabled else { return false }
        return mine.isEqual(to: theirs)
    }

    /// Decodes an entry saved by `data`'s encoding (saved state).
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) -> T? {
        try? EntryCoding.decode(type, from: data)
    }

    /// An entry showing a view directly: the daemon's own content (clock, date line).
    package init<V: View>(date: Date, relevance: TimelineEntryRelevance? = nil, view: @escaping @Sendable () -> V) {
        self.date = date
        self.relevance = relevance
        self.encode = { nil }
        makeNode = { env in SwiftUICore.makeNode(view(), in: env) }
    }

    /// Lays the entry's view out at `size` points in `environment` (its family, time,
    /// appearance). The inline family keeps only a leading image and one line of text.
    package func place(size: Size, environment: EnvironmentValues) -> PlacedView {
        let family = environment.widgetFamily
        if family.isHomeScreen { return placeTile(size: size, environment: environment) }
        var root = makeNode(environment)
        if family == .accessoryInline {
            root = InlineFlattening.flatten(root, width: size.width, environment: environment)
        }
        let fitted = root.sizeThatFits(ProposedSize(size))
        // Content smaller than the widget is centred, as WidgetKit centres a widget's view.
        let origin = Point(x: family == .accessoryInline ? 0 : (size.width - fitted.width) / 2, y: (size.height - fitted.height) / 2)
        let placed = root.place(in: Rect(origin: origin, size: fitted))
        return PlacedView(frame: Rect(origin: .zero, size: size), content: .clip, children: [placed], name: family.rawValue)
    }

    /// A widget over a whole page (the photo page): its container background edge to
    /// edge, its content centred on it, no tile, margins or corners.
    package func placePage(size: Size, environment: EnvironmentValues) -> PlacedView {
        let page = Rect(origin: .zero, size: size)
        let (background, content) = placeWithBackground(in: page, contentIn: page, environment: environment)
        return PlacedView(frame: page, content: .clip, children: (background.map { [$0] } ?? []) + [content], name: "Page")
    }

    /// The home screen's tile corner radius, in points.
    static let tileCornerRadius = 22.0

    /// A home-screen widget: its container background (or the appearance's tile colour)
    /// behind the whole tile, the content inside the standard margins, all clipped to
    /// the tile's rounded corners.
    private func placeTile(size: Size, environment: EnvironmentValues) -> PlacedView {
        let tile = Rect(origin: .zero, size: size)
        let inner = contentMarginsDisabled ? tile : tile.inset(top: WidgetFamily.tileMargin, leading: WidgetFamily.tileMargin, bottom: WidgetFamily.tileMargin, trailing: WidgetFamily.tileMargin)
        let (given, content) = placeWithBackground(in: tile, contentIn: inner, environment: environment)
        // iOS's secondary grouped backgrounds: a tile stands out from the page in either appearance.
        let tileColour = environment.colorScheme == .dark ? RGBA(red: 28 / 255, green: 28 / 255, blue: 30 / 255) : RGBA(red: 229 / 255, green: 229 / 255, blue: 234 / 255)
        let background = given ?? PlacedView(frame: tile, content: .fill(.rectangle, tileColour), name: "TileBackground")
        return PlacedView(frame: tile, content: .roundedClip(cornerRadius: Self.tileCornerRadius), children: [background, content], name: environment.widgetFamily.rawValue)
    }

    /// The view centred in `inner`, and the container background it gave (if any)
    /// filling `area`.
    private func placeWithBackground(in area: Rect, contentIn inner: Rect, environment: EnvironmentValues) -> (background: PlacedView?, content: PlacedView) {
        var env = environment
        let sink = ContainerBackgroundSink()
        env.containerBackground = sink
        let root = makeNode(env)
        let fitted = root.sizeThatFits(ProposedSize(inner.size))
        let content = root.place(in: Rect(x: inner.minX + (inner.width - fitted.width) / 2, y: inner.minY + (inner.height - fitted.height) / 2, width: fitted.width, height: fitted.height))
        return (sink.node.map { FrameNode.filling($0).place(in: area) }, content)
    }
}

/// A widget's view builder closure. Builders are pure functions of the entry, so
/// sharing one across tasks is safe even though Swift cannot prove it.
package struct ViewFactory<Entry, Content: View>: @unchecked Sendable {
    let make: (Entry) -> Content

    package init(make: @escaping (Entry) -> Content) {
        self.make = make
    }
}

extension ViewFactory where Entry: TimelineEntry {
    /// `draw` for a descriptor: entries of this factory's type, drawn by it.
    package var draw: @Sendable (any TimelineEntry) -> RenderableEntry? {
        { entry in (entry as? Entry).map { RenderableEntry($0, content: self) } }
    }
}
