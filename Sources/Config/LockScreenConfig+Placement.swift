import LockScreenModel
import TOML
import ProviderOptions
import WidgetKitCore

/// Where a widget is placed, which decides the families it may take: the inline slot
/// after the date, the row below the clock, or the home-screen page.
enum Placement {
    case inline, row, home, photo

    /// A widget table placed nowhere is checked as its `family` suggests.
    init(family: TOMLValue?) {
        guard case let .string(name)? = family?.kind, let family = LockScreenConfig.familyNames[name] else {
            self = .row
            return
        }
        self = family == .accessoryInline ? .inline : family.isHomeScreen ? .home : .row
    }

    /// Whether a widget placed here may be drawn in `family`.
    func takes(_ family: WidgetFamily) -> Bool {
        switch self {
        case .inline: family == .accessoryInline
        case .row: family == .accessoryCircular || family == .accessoryRectangular
        case .home: family.isHomeScreen
        case .photo: family == .systemExtraLarge
        }
    }

    /// The family of a provider kind (command, http, push) when the table names none.
    var defaultFamily: WidgetFamily {
        switch self {
        case .inline: .accessoryInline
        case .row: .accessoryCircular
        case .home: .systemSmall
        case .photo: .systemExtraLarge
        }
    }

    /// How messages name the place: "inline", "in the row", "on the home page".
    var place: String {
        switch self {
        case .inline: "inline"
        case .row: "in the row"
        case .home: "on the home page"
        case .photo: "on the photo page"
        }
    }

    /// What the place takes, as a message says it.
    var takes: String {
        switch self {
        case .inline: "the inline slot takes family \"inline\""
        case .row: "the row takes circular or rectangular widgets"
        case .home: "the home page takes small, medium, large or extralarge widgets"
        case .photo: "the photo page shows its widget over the whole panel: family \"extralarge\" or none"
        }
    }
}

extension LockScreenConfig {
    static let familyNames: [String: WidgetFamily] = [
        "inline": .accessoryInline, "circular": .accessoryCircular, "rectangular": .accessoryRectangular,
        "small": .systemSmall, "medium": .systemMedium, "large": .systemLarge, "extralarge": .systemExtraLarge,
    ]

    /// A widget table's `family` key, checked against where the widget is placed.
    enum GivenFamily {
        case absent
        case fits(WidgetFamily)
        /// Reported: a family the place does not take.
        case misplaced
    }

    static func givenFamily(_ table: TOMLTable, at path: String, placement: Placement, reader: inout ConfigReader) -> GivenFamily {
        let names = familyNames.keys.sorted { familyNames[$0]!.sortIndex < familyNames[$1]!.sortIndex }
        guard let given = reader.choice(table, "family", at: path, from: names).flatMap({ familyNames[$0] }) else {
            return .absent
        }
        guard placement.takes(given) else {
            reader.report(table["family"]!.line, "\(path).family", "\(placement.takes), found \"\(given.shortName)\"")
            return .misplaced
        }
        return .fits(given)
    }

    /// `[layout] page`: which page shows, "lock" (the default), "home" or "photo".
    static func page(_ layout: TOMLTable, home: [WidgetStack<WidgetSpecification>], photo: WidgetStack<WidgetSpecification>?, at path: String, reader: inout ConfigReader) -> LockScreenPage {
        guard let name = reader.choice(layout, "page", at: path, from: LockScreenPage.allCases.map(\.rawValue)),
              let page = LockScreenPage(rawValue: name) else { return .lock }
        if page == .home, home.isEmpty {
            reader.report(layout["page"]!.line, "\(path).page", "the home page has no widgets: list them in [layout] home")
        }
        if page == .photo, photo == nil {
            reader.report(layout["page"]!.line, "\(path).page", "the photo page has no widget: name one in [layout] photo, such as an image widget")
        }
        return page
    }
}

extension WidgetFamily {
    /// "inline", "circular", "rectangular", "small", …: the config file's names.
    package var shortName: String {
        switch self {
        case .accessoryInline: "inline"
        case .accessoryCircular: "circular"
        case .accessoryRectangular: "rectangular"
        case .systemSmall: "small"
        case .systemMedium: "medium"
        case .systemLarge: "large"
        case .systemExtraLarge: "extralarge"
        }
    }

    fileprivate var sortIndex: Int { WidgetFamily.allCases.firstIndex(of: self) ?? 0 }
}
