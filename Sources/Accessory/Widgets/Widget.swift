import FoundationAdditions
/// A widget, as WidgetKit's: its `body` is a configuration naming the kind, the
/// provider and the view for each entry.
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    /// Widgets are made by the host (`@main`, a bundle's body), so they have an empty initialiser.
    init()
    var body: Body { get }
}


/// Describes a widget: kind, provider, view and the families it supports.
public protocol WidgetConfiguration {
    associatedtype Body: WidgetConfiguration
    var body: Body { get }
}

extension Never: WidgetConfiguration {}

/// A configuration this module reads directly.
protocol PrimitiveWidgetConfiguration: WidgetConfiguration {
    var offer: WidgetOffer { get }
}

/// What a configuration offers its program: a widget a place can take, or how the Live
/// Activities of one attributes type are drawn (an `ActivityConfiguration`), which no
/// place takes and which the program registers apart from its widgets.
enum WidgetOffer {
    case widget(WidgetDescriptor)
    case activity(ActivityPresenter)
}

/// The widgets a program declares and its Live Activities' presenters, each kept apart:
/// a configuration file names the widgets, the daemon's band draws the activities.
package struct WidgetCatalog: Sendable {
    package var widgets: [WidgetDescriptor]
    package var activities: [ActivityPresenter]

    package init(widgets: [WidgetDescriptor] = [], activities: [ActivityPresenter] = []) {
        (self.widgets, self.activities) = (widgets, activities)
    }

    mutating func add(_ offer: WidgetOffer?) {
        switch offer {
        case let .widget(descriptor)?: widgets.append(descriptor)
        case let .activity(presenter)?: activities.append(presenter)
        case nil: break
        }
    }

    /// This catalog and then `other`'s.
    package static func + (catalog: WidgetCatalog, other: WidgetCatalog) -> WidgetCatalog {
        WidgetCatalog(widgets: catalog.widgets + other.widgets, activities: catalog.activities + other.activities)
    }
}

extension PrimitiveWidgetConfiguration {
    public var body: Never { fatalError("\(Self.self) is a primitive widget configuration") }
}

/// What any configuration offers, reading through user-defined bodies; nil for one that
/// offers nothing (`EmptyWidgetConfiguration`).
func makeOffer<C: WidgetConfiguration>(_ configuration: C) -> WidgetOffer? {
    if configuration is EmptyWidgetConfiguration { return nil }
    if let modified = configuration as? ModifiedWidgetConfiguration { return modified.offer }
    if let primitive = configuration as? any PrimitiveWidgetConfiguration { return primitive.offer }
    return makeOffer(configuration.body)
}

/// The widget a configuration makes; nil for one that makes none (an activity's, an
/// empty one).
func makeDescriptor<C: WidgetConfiguration>(_ configuration: C) -> WidgetDescriptor? {
    if case let .widget(descriptor)? = makeOffer(configuration) { descriptor } else { nil }
}

/// A configuration with one of its descriptive properties changed.
public struct ModifiedWidgetConfiguration: WidgetConfiguration {
    /// nil when the configuration modified offers nothing.
    let offer: WidgetOffer?

    public var body: Never { fatalError("ModifiedWidgetConfiguration is a primitive widget configuration") }
}

/// A configuration that makes no widget, as WidgetKit's: what a widget's body returns
/// where an `if #available` leaves nothing to offer.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    public init() {}

    public var body: Never { fatalError("EmptyWidgetConfiguration is a primitive widget configuration") }
}

extension WidgetConfiguration {
    /// A widget's descriptor changed; an activity's configuration or an empty one as it is.
    private func edited(_ change: (inout WidgetDescriptor) -> Void) -> ModifiedWidgetConfiguration {
        var offer = makeOffer(self)
        if case var .widget(descriptor)? = offer {
            change(&descriptor)
            offer = .widget(descriptor)
        }
        return ModifiedWidgetConfiguration(offer: offer)
    }

    /// The name shown for the widget in listings and `lockscreend check`.
    public func configurationDisplayName(_ name: LocalizedStringResource) -> some WidgetConfiguration {
        edited { $0.displayName = name.key }
    }

    /// A sentence saying what the widget shows.
    public func description(_ description: LocalizedStringResource) -> some WidgetConfiguration {
        edited { $0.description = description.key }
    }

    /// The name shown for the widget, from a string made at run time (a constant, an
    /// `NSLocalizedString`), as WidgetKit takes one.
    public func configurationDisplayName<S: StringProtocol>(_ name: S) -> some WidgetConfiguration {
        edited { $0.displayName = String(name) }
    }

    /// The name shown for the widget, from a text: its words as it reads now.
    public func configurationDisplayName(_ name: Text) -> some WidgetConfiguration {
        edited { $0.displayName = name.words }
    }

    /// A sentence saying what the widget shows, from a string made at run time.
    public func description<S: StringProtocol>(_ description: S) -> some WidgetConfiguration {
        edited { $0.description = String(description) }
    }

    /// A sentence saying what the widget shows, from a text: its words as it reads now.
    public func description(_ description: Text) -> some WidgetConfiguration {
        edited { $0.description = description.words }
    }

    /// The families the widget can be placed in; the config is checked against them.
    public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration {
        edited { $0.supportedFamilies = families }
    }

    /// Asks the host not to add its margins around the content: on a home-screen tile the
    /// view gets the whole tile, and pads itself with `widgetContentMargins` where it
    /// wants (the lock screen's families have none either way).
    public func contentMarginsDisabled() -> some WidgetConfiguration { edited { $0 = $0.withoutContentMargins() } }
}

/// Several widgets offered together, as WidgetKit's `WidgetBundle`.
public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Body { get }
}

/// Builds a bundle's widgets from a list.
@resultBuilder
public enum WidgetBundleBuilder {
    public static func buildBlock<each W: Widget>(_ widget: repeat each W) -> WidgetList {
        var catalog = WidgetCatalog()
        repeat catalog = catalog + (each widget).catalog
        return WidgetList(catalog: catalog)
    }

    /// A widget offered only when a condition holds (`if flag { … }`).
    public static func buildOptional(_ list: WidgetList?) -> WidgetList { list ?? WidgetList() }

    /// One of two sets of widgets (`if … else …`).
    public static func buildEither(first list: WidgetList) -> WidgetList { list }
    public static func buildEither(second list: WidgetList) -> WidgetList { list }

    /// Widgets offered from an OS version on (`if #available(iOS 17, *) { … }`).
    public static func buildLimitedAvailability(_ list: WidgetList) -> WidgetList { list }
}

extension WidgetBundleBuilder {
    /// A widget in a bundle.
    public static func buildExpression<W: Widget>(_ widget: W) -> W { widget }
}

/// The widgets of a bundle.
public struct WidgetList: Widget {
    let list: WidgetCatalog

    package init(catalog: WidgetCatalog) {
        list = catalog
    }

    /// An empty list.
    public init() {
        list = WidgetCatalog()
    }

    public var body: Never { fatalError("WidgetList has no body") }
}

extension Widget {
    /// What this widget (or each widget in a list) offers: widgets, activities' presenters.
    package var catalog: WidgetCatalog {
        if let list = self as? WidgetList { return list.list }
        var catalog = WidgetCatalog()
        catalog.add(makeOffer(body))
        return catalog
    }

    /// The descriptors of this widget (or of each widget in a list); an
    /// `ActivityConfiguration` makes none.
    package var descriptors: [WidgetDescriptor] { catalog.widgets }
    /// How this widget's (or the list's) Live Activities are drawn.
    package var activityPresenters: [ActivityPresenter] { catalog.activities }
}

extension WidgetBundle {
    /// What every widget in the bundle offers.
    package var catalog: WidgetCatalog { body.catalog }
    /// The descriptors of every widget in the bundle.
    package var descriptors: [WidgetDescriptor] { catalog.widgets }
    /// How the bundle's Live Activities are drawn, one presenter per `ActivityConfiguration`.
    package var activityPresenters: [ActivityPresenter] { catalog.activities }
}
