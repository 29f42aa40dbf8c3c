import ActivityKitCore
import Accessory
import Canvas
import FoundationEssentials
import LockScreenModel

/// The Live Activities of the lock screen: Apple's limits kept by an `ActivityBook`, and
/// the band below the widgets they are drawn in. A band tall enough shows the lock
/// screen's view of the most relevant activities, one under another as iOS stacks them;
/// a shallower one shows the most relevant activity's compact presentation in one line.
package struct ActivityBand: Sendable {
    package private(set) var book = ActivityBook()
    private let presenters: [String: ActivityPresenter]

    /// The band's height in points from which the lock screen's view is drawn; below it,
    /// the compact presentation.
    package static let fullHeight = 84.0
    /// The lock screen's view is at most this tall, as on iOS.
    package static let maximumHeight = 160.0
    static let gap = 8.0
    /// The lock screen's view is at least this tall, however little it holds.
    static let minimumHeight = 64.0

    /// A band drawing the activities of `presenters` and the daemon's own.
    package init(presenters: [ActivityPresenter]) {
        var table: [String: ActivityPresenter] = [:]
        for presenter in presenters + [LockScreenActivity.presenter].compactMap(\.self) where table[presenter.attributesType] == nil {
            table[presenter.attributesType] = presenter
        }
        self.presenters = table
    }

    /// The attributes types the band can draw.
    package var attributesTypes: [String] { presenters.keys.sorted() }

    /// Applies a start, update, end or dismissal as of `now`, or says why not: a start
    /// of a type nothing draws, attributes or a state that do not decode as the type's (a
    /// stored state always draws), the book's limits, an operation out of order or for no
    /// running activity.
    package mutating func apply(_ operation: ActivityOperation, now: Date) throws(ActivityRefusal) {
        switch operation {
        case let .start(_, type, attributes, content, _):
            guard let presenter = presenters[type] else { throw .unsupported(type, known: attributesTypes) }
            if let why = presenter.check(attributes, content.state) { throw ActivityRefusal(status: 400, reason: "BadContentState", why) }
        case let .update(id, content), let .end(id, content?, _):
            if !content.state.isEmpty, let type = book.record(id)?.attributesType, let why = presenters[type]?.check(nil, content.state) {
                throw ActivityRefusal(status: 400, reason: "BadContentState", why)
            }
        case .end, .dismiss:
            break
        }
        let outcome: ActivityBook.Outcome
        do { outcome = try book.apply(operation, now: now) } catch { throw ActivityRefusal(error) }
        if let refusal = ActivityRefusal.unapplied(outcome) { throw refusal }
    }

    /// Takes the activities of a saved book that are still valid as of `now`: a type
    /// drawn here, attributes and state that decode (saved state is input).
    package mutating func restore(_ records: [ActivityRecord], retired: [String: Date], now: Date) {
        let presenters = self.presenters
        book.restore(records, retired: retired, now: now) { record in
            presenters[record.attributesType].map { $0.check(record.attributes, record.state) == nil } ?? false
        }
    }

    /// Applies the limits as of `now` (stale, ended, dismissed, alerts over).
    package mutating func settle(now: Date) {
        book.settle(now: now)
    }

    /// What the band shows, for telling whether it must be drawn again: every byte of each
    /// state (a hash of part of them let an update of a long message go undrawn).
    package var key: String {
        book.presented.map { record in
            "\(record.id)|\(record.phase)|\(record.state.base64EncodedString())|\(record.alert?.title ?? "")"
        }.joined(separator: ";")
    }

    /// The activities on screen, most relevant first.
    package var presented: [ActivityRecord] { book.presented }

    /// Whether no activity is on screen: asked at every step, so without sorting.
    package var isEmpty: Bool { book.records.isEmpty }

    /// The band laid out at `size` points: `environment` gives the environment of a family
    /// (the lock screen's view is drawn as a home-screen tile, in colour; the compact one
    /// as a rectangular accessory). Empty when no activity is on screen.
    package func place(size: Size, now: Date, environment: (WidgetFamily) -> EnvironmentValues) -> PlacedView {
        let presentations = presented.compactMap { record in presenters[record.attributesType]?.present(record, now).map { (record, $0) } }
        var children: [PlacedView] = []
        if size.height >= Self.fullHeight {
            let count = max(1, min(presentations.count, Int((size.height + Self.gap) / (Self.fullHeight + Self.gap))))
            let height = min(Self.maximumHeight, (size.height - Self.gap * Double(count - 1)) / Double(count))
            var top = 0.0
            for (record, presentation) in presentations.prefix(count) {
                let entry = record.alert.map { alert in Self.alertEntry(alert, now: now) } ?? presentation.lockScreen
                // As tall as its content with the tile's margins, as iOS sizes the view, within its share.
                let env = environment(.systemMedium)
                let probe = entry.place(size: Size(width: size.width, height: height), environment: env)
                let fitted = min(height, max(Self.minimumHeight, (probe.children.last?.frame.height ?? height) + 2 * 16))
                let placed = fitted < height ? entry.place(size: Size(width: size.width, height: fitted), environment: env) : probe
                children.append(placed.offsetBy(dx: 0, dy: top))
                top += fitted + Self.gap
            }
        } else if let (record, presentation) = presentations.first {
            // A band one line high shows an update's alert in the activity's place too.
            let entry = record.alert.map { alert in Self.alertEntry(alert, now: now) } ?? presentation.compact
            children.append(entry.place(size: size, environment: environment(.accessoryRectangular)))
        }
        return PlacedView(frame: Rect(origin: .zero, size: size), children: children, name: "ActivityBand")
    }

    /// An update's alert: its words in the activity's place, for a moment.
    private static func alertEntry(_ alert: ActivityUpdate.AlertText, now: Date) -> RenderableEntry {
        RenderableEntry(date: now) {
            VStack(alignment: .leading, spacing: 4) {
                Text(alert.title).font(.headline).lineLimit(1)
                if !alert.body.isEmpty { Text(alert.body).font(.subheadline).lineLimit(2) }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}
