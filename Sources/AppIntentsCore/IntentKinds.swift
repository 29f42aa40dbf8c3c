import FoundationEssentials

/// An intent a Live Activity's button performs, as AppIntents' `LiveActivityIntent`:
/// performed like any widget's intent.
public protocol LiveActivityIntent: AppIntent {}

/// A result that opens another intent, as AppIntents' `OpensIntent`. A panel has no app
/// to open, so `.result()` of an intent declared `some IntentResult & OpensIntent` ends it.
public protocol OpensIntent: IntentResult {}

/// A result that says or shows something, as AppIntents' `ProvidesDialog` and
/// `ReturnsValue`; the daemon logs the intent's title and goes on.
public protocol ProvidesDialog: IntentResult {}

extension IntentResultContainer: OpensIntent, ProvidesDialog {}

extension AppIntent {
    /// Whether performing opens the app; a desk panel has none to open.
    public static var openAppWhenRun: Bool { false }
    /// Whether the intent is offered in Shortcuts; kept for source compatibility.
    public static var isDiscoverable: Bool { true }
}

/// Errors an intent or value provider throws, as AppIntents' `AppIntentError`; the
/// daemon logs them and keeps the control's last value.
public struct AppIntentError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    /// Asks for `perform()` again; the daemon does at the next reload.
    public static let restartPerform = AppIntentError(description: "the intent asked to be performed again")
    /// Failed in a way trying again will not mend.
    public static let unrecoverable = AppIntentError(description: "the intent failed")
}
