import FoundationEssentials

/// An action a widget's button or toggle performs, as AppIntents' `AppIntent`: the
/// daemon runs `perform()` when the control is tapped (on a touch panel, on the web
/// page, or by keys moving a focus), then reloads the widget's timeline, as WidgetKit does.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    init()
    /// The action's name, for logs and listings.
    static var title: LocalizedStringResource { get }
    /// What the action does.
    static var description: IntentDescription { get }
    /// How its parameters are summed up (`ParameterSummary`); its title when none is given.
    associatedtype SummaryContent: ParameterSummary = TitleSummary<Self>
    @ParameterSummaryBuilder<Self> static var parameterSummary: SummaryContent { get }
    /// Does the work: turns on a light, records a glass of water. A thrown error is
    /// logged and the widget reloaded all the same.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription { IntentDescription("") }
}

extension AppIntent where SummaryContent == TitleSummary<Self> {
    public static var parameterSummary: TitleSummary<Self> { TitleSummary() }
}

/// What `perform()` returns, as AppIntents' `IntentResult`: `.result()`.
public protocol IntentResult: Sendable {}

/// The result of an intent that returns nothing more.
public struct IntentResultContainer: IntentResult {
    public init() {}
}

extension IntentResult where Self == IntentResultContainer {
    /// The result of an intent that returns nothing more.
    public static func result() -> IntentResultContainer { IntentResultContainer() }
}

extension WidgetConfigurationIntent {
    /// A configuration does nothing when performed.
    public func perform() async throws -> IntentResultContainer { .result() }
}

/// What the daemon needs of an intent a control holds: who it is, and how to run it.
package struct ControlAction: Sendable {
    /// The intent's type and parameter values: two controls with equal intents are the
    /// same control, so a toggle's pressed state survives a redraw.
    package let id: String
    /// The intent's title, for logs.
    package let title: String
    package let perform: @Sendable () async throws -> Void
    /// Set for a `Link` or `.widgetURL`: the address a tap opens, which the daemon maps
    /// to an action (`[urls]`); `perform` then does nothing.
    package let url: String?

    package init(id: String, title: String, perform: @escaping @Sendable () async throws -> Void) {
        self.id = id
        self.title = title
        self.perform = perform
        url = nil
    }

    package init(url: URL) {
        id = "url:" + url.absoluteString
        title = url.absoluteString
        perform = {}
        self.url = url.absoluteString
    }

    package init<I: AppIntent>(_ intent: I) {
        id = String(describing: I.self) + IntentParameters.values(of: intent).map { "|\($0.0)=\($0.1)" }.joined()
        title = I.title.key
        perform = { _ = try await intent.perform() }
        url = nil
    }
}
