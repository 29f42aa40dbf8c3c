/// `When(\.$parameter, .equalTo, value) { … } otherwise: { … }` in an intent's
/// `parameterSummary`, as AppIntents': one summary or the other by a parameter's value.
/// A desk panel has no edit sheet, so the sentence read here (`summaryText`) is the one a
/// fresh intent's values choose — the sheet's first sentence on an iPhone.
public struct ParameterSummaryWhenCondition<Intent: AppIntent, WhenCondition: ParameterSummary, Otherwise: ParameterSummary>: ParameterSummary
where WhenCondition.Intent == Intent, Otherwise.Intent == Intent {
    public let summaryText: String

    init(holds: Bool, _ when: () -> WhenCondition, otherwise: () -> Otherwise) {
        summaryText = holds ? when().summaryText : otherwise().summaryText
    }

    /// When the parameter equals, or does not equal, `value`.
    public init<Value: Equatable>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: EquatableComparisonOperator, _ value: Value,
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        self.init(holds: comparisonOperator.holds(Intent()[keyPath: keyPath].wrappedValue, value), when, otherwise: otherwise)
    }

    /// When an optional parameter equals, or does not equal, `value`.
    public init<Value: Equatable>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value?>>, _ comparisonOperator: EquatableComparisonOperator, _ value: Value,
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        self.init(holds: comparisonOperator.holds(Intent()[keyPath: keyPath].wrappedValue, value), when, otherwise: otherwise)
    }

    /// When the parameter is less than, or greater than, `value`.
    public init<Value: Comparable>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: ComparableComparisonOperator, _ value: Value,
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        self.init(holds: comparisonOperator.holds(Intent()[keyPath: keyPath].wrappedValue, value), when, otherwise: otherwise)
    }

    /// When an optional parameter has a value, or has none.
    public init<Value>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value?>>, _ comparisonOperator: HasValueComparisonOperator,
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        let given = Intent()[keyPath: keyPath].wrappedValue != nil
        self.init(holds: comparisonOperator == .hasAnyValue ? given : !given, when, otherwise: otherwise)
    }

    /// When the parameter is one of `values`, or none of them.
    public init<Value: Equatable>(
        _ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: OneOfComparisonOperator, _ values: [Value],
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        let among = values.contains(Intent()[keyPath: keyPath].wrappedValue)
        self.init(holds: comparisonOperator == .oneOf ? among : !among, when, otherwise: otherwise)
    }
}

/// AppIntents' name for a summary's condition.
public typealias When = ParameterSummaryWhenCondition

/// How `When` compares a parameter with a value.
public enum EquatableComparisonOperator: Sendable {
    case equalTo, notEqualTo

    func holds<Value: Equatable>(_ parameter: Value?, _ value: Value) -> Bool {
        self == .equalTo ? parameter == value : parameter != value
    }
}

/// How `When` orders a parameter and a value.
public enum ComparableComparisonOperator: Sendable {
    case equalTo, notEqualTo, lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo

    func holds<Value: Comparable>(_ parameter: Value, _ value: Value) -> Bool {
        switch self {
        case .equalTo: parameter == value
        case .notEqualTo: parameter != value
        case .lessThan: parameter < value
        case .lessThanOrEqualTo: parameter <= value
        case .greaterThan: parameter > value
        case .greaterThanOrEqualTo: parameter >= value
        }
    }
}

/// Whether `When` asks for an optional parameter's value or its absence.
public enum HasValueComparisonOperator: Sendable {
    case hasAnyValue, hasNoValue
}

/// Whether `When` asks for a parameter among values or outside them.
public enum OneOfComparisonOperator: Sendable {
    case oneOf, noneOf
}
