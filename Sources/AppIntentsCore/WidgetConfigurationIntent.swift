/// A widget's configuration, as WidgetKit's: a struct whose `@Parameter` properties
/// the config file sets for each placed widget.
public protocol WidgetConfigurationIntent: AppIntent {}

/// The description of an intent.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringInterpolation {
    public let text: String

    public init(_ text: LocalizedStringResource) { self.text = text.key }
    public init(stringLiteral value: String) { text = value }
}

/// How a parameter value or enum case is named to the user.
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public let title: String
    public let subtitle: String?

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil) {
        self.title = title.key
        self.subtitle = subtitle?.key
    }

    /// A title with an image; listings here are text, so the image is not kept.
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image?) {
        self.init(title: title, subtitle: subtitle)
    }

    /// The picture beside a title, as AppIntents' `DisplayRepresentation.Image`.
    public struct Image: Sendable, Hashable {
        public init(systemName: String, isTemplate: Bool = false) {}
        public init(named name: String, isTemplate: Bool = false) {}
    }

    public init(stringLiteral value: String) {
        title = value
        subtitle = nil
    }
}

/// How an enum type is named to the user.
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public let name: String

    public init(name: LocalizedStringResource) { self.name = name.key }
    public init(stringLiteral value: String) { name = value }
}
