import FoundationEssentials

/// A control's settings, as AppIntents' `ControlConfigurationIntent`: a struct whose
/// `@Parameter`s the config file sets for each placed control.
public protocol ControlConfigurationIntent: AppIntent {}

extension ControlConfigurationIntent {
    /// A configuration does nothing when performed.
    public func perform() async throws -> IntentResultContainer { .result() }
}

/// An intent that sets a value, as AppIntents' `SetValueIntent`: a toggle sets its `value`
/// to the state chosen before performing it.
public protocol SetValueIntent: AppIntent {
    associatedtype ValueType
    var value: ValueType { get set }
}
