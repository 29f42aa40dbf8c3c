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
    var descriptor: WidgetDescriptor { get }
}

extension PrimitiveWidgetConfiguration {
    public var body: Never { fatalError("\(Self.self) is a primitive widget configuration") }
}

/// The descriptor of any configuration, reading through user-defined bodies; nil for
/// one that makes no widget (`EmptyWidgetConfiguration`).
func makeDescriptor<C: WidgetConfiguration>(_ configuration: C) -> WidgetDescriptor? {
    if configuration is EmptyWidgetConfiguration { return nil }
    if let modified = configuration as? ModifiedWidgetConfiguration { return modified.descriptor }
    if let primitive = configuration as? any PrimitiveWidgetConfiguration { return primitive.descriptor }
    return makeDescriptor(configuration.body)
}

/// A configuration with one of its descriptive properties changed.
public struct ModifiedWidgetConfiguration: WidgetConfiguration {
    /// nil when the configuration modified makes no widget.
    let descriptor: WidgetDescriptor?

    public var body: Never { fatalError("ModifiedWidgetConfiguration is a primitive widget configuration") }
}

/// A configuration that makes no widget, as WidgetKit's: what a widget's body returns
/// where an `if #available` leaves nothing to offer.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    public init() {}

    public var body: Never { fatalError("EmptyWidgetConfiguration is a primitive widget configuration") }
}

extension WidgetConfiguration {
    private func edited(_ change: (inout WidgetDescriptor) -> Void) -> ModifiedWidgetConfiguration {
        var descriptor = makeDescriptor(self)
        if var edited = descriptor {
            change(&edited)
            descriptor = edited
        }
        return ModifiedWidgetConfiguration(descriptor: descriptor)
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
        var descriptors: [WidgetDescriptor] = []
        repeat descriptors += (each widget).descriptors
        return WidgetList(descriptors: descriptors)
    }

    /// A widget offered only when a condition holds (`if flag { … }`).
    public static func buildOptional(_ list: WidgetList?) -> WidgetList { list ?? WidgetList() }

    /// One of two sets of widgets (`if … else …`).
    public static func buildEither(first list: WidgetList) -> WidgetList { list }
    public static func buildEither(second list: WidgetList) -> WidgetList { list }

    /// Widgets offered from an OS version on (`if #available(iOS 17, *) { … }`).
    public static func buildLimitedAvailability(_ list: WidgetList) -> WidgetList { list }
}

/// The widgets of a bundle.
public struct WidgetList: Widget {
    let list: [WidgetDescriptor]

    init(descriptors: [WidgetDescriptor]) {
        list = descriptors
    }

    /// An empty list.
    public init() {
        list = []
    }

    public var body: Never { fatalError("WidgetList has no body") }
}

extension Widget {
    /// The descriptors of this widget (or of each widget in a list).
    package var descriptors: [WidgetDescriptor] {
        if let list = self as? WidgetList { return list.list }
        return makeDescriptor(body).map { [$0] } ?? []
    }
}

extension WidgetBundle {
    /// The descriptors of every widget in the bundle.
    package var descriptors: [WidgetDescriptor] { body.descriptors }
}
