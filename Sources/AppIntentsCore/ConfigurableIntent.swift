/// A configuration intent whose parameters are listed by the intent itself rather than
/// found as `@Parameter` properties: SiriKit's `INIntent` adopts it (`import Intents`),
/// so `IntentConfiguration` and `IntentTimelineProvider` take the classes an app's intent
/// definition generates, as WidgetKit's take `INIntent` subclasses.
public protocol ConfigurableIntent: AnyObject, SendableMetatype {
    /// An intent with no parameter set; the daemon then sets each from the config file,
    /// or from the definition's default.
    init()
    /// The intent's title, for listings (`lockscreend widgets`).
    static var configurationTitle: String { get }
    /// What configuring it chooses.
    static var configurationDescription: String { get }
    /// The parameters the config file may set, in the definition's order.
    var configurableParameters: [ConfigurableIntentParameter] { get }
}

/// One parameter of a `ConfigurableIntent`: its name, title and kind, and its value read
/// and set as the config file writes it.
public final class ConfigurableIntentParameter: Sendable {
    /// The property's name, which is the config key.
    public let name: String
    public let title: String
    let valueKind: IntentValueKind
    /// The definition's default as the config file would write it; empty for none.
    public let defaultText: String
    let options: IntentOptionsSource?
    private let read: @Sendable () -> String
    private let write: @Sendable (String) -> Bool

    /// `read` gives the value as text ("" when unset); `write` sets it from text and says
    /// whether the text was a value of `kind`.
    public init(
        name: String, title: String, kind: IntentValueKind, defaultText: String = "", options: IntentOptionsSource? = nil,
        read: @escaping @Sendable () -> String, write: @escaping @Sendable (String) -> Bool
    ) {
        (self.name, self.title, valueKind, self.defaultText, self.options) = (name, title, kind, defaultText, options)
        (self.read, self.write) = (read, write)
    }
}

extension ConfigurableIntentParameter: AnyIntentParameter {
    var kind: IntentValueKind { valueKind }
    /// SiriKit's parameters are all optional: one the config file leaves out is nil.
    var hasValue: Bool { true }
    var valueText: String { read() }
    func assign(text: String) -> Bool { write(text) }
}
