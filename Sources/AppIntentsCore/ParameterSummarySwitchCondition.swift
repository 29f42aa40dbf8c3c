/// `Switch(\.$parameter) { Case(value) { … } … DefaultCase { … } }` in an intent's
/// `parameterSummary`, as AppIntents': a summary for each value of a parameter. As with
/// `When`, the sentence read here is the one a fresh intent's value chooses.
public struct ParameterSummarySwitchCondition<Intent: AppIntent, Value: IntentValue & Equatable & Sendable>: ParameterSummary {
    public let summaryText: String

    public init(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, @ParameterSummaryCaseBuilder<Intent, Value> _ cases: () -> [ParameterSummaryCase<Value>]) {
        let value = Intent()[keyPath: keyPath].wrappedValue
        let all = cases()
        summaryText = (all.first { $0.value == value } ?? all.first { $0.value == nil })?.summaryText ?? Intent.title.key
    }
}

/// AppIntents' name for a summary by a parameter's value.
public typealias Switch = ParameterSummarySwitchCondition

/// One case of a `Switch`: its value (none for the default) and its summary's sentence.
public struct ParameterSummaryCase<Value: Equatable>: Sendable where Value: Sendable {
    let value: Value?
    let summaryText: String
}

/// The summary a `Switch` reads when the parameter has `value`.
public struct Case<Intent: AppIntent, Value: Equatable & Sendable> {
    let value: Value
    let summaryText: String

    public init<Content: ParameterSummary>(_ value: Value, @ParameterSummaryBuilder<Intent> _ content: () -> Content) where Content.Intent == Intent {
        self.value = value
        summaryText = content().summaryText
    }
}

/// The summary a `Switch` reads when no case has the parameter's value.
public struct DefaultCase<Intent: AppIntent> {
    let summaryText: String

    public init<Content: ParameterSummary>(@ParameterSummaryBuilder<Intent> _ content: () -> Content) where Content.Intent == Intent {
        summaryText = content().summaryText
    }
}

/// Builds a `Switch`'s cases.
@resultBuilder
public enum ParameterSummaryCaseBuilder<Intent: AppIntent, Value: Equatable & Sendable> {
    public static func buildExpression(_ option: Case<Intent, Value>) -> [ParameterSummaryCase<Value>] {
        [ParameterSummaryCase(value: option.value, summaryText: option.summaryText)]
    }

    public static func buildExpression(_ option: DefaultCase<Intent>) -> [ParameterSummaryCase<Value>] {
        [ParameterSummaryCase(value: nil, summaryText: option.summaryText)]
    }

    public static func buildBlock(_ cases: [ParameterSummaryCase<Value>]...) -> [ParameterSummaryCase<Value>] {
        cases.flatMap { $0 }
    }
}
