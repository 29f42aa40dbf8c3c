/// How Shortcuts and a widget's edit sheet sum up an intent's parameters, as AppIntents'
/// `ParameterSummary`: `Summary("Show \(\.$team) in \(\.$league)")`. Accepted so an app's
/// intent compiles unchanged and its sentence can be read (`summaryText`); a desk panel
/// has no edit sheet, the configuration file sets the parameters.
public protocol ParameterSummary: Sendable {
    /// The intent whose parameters it names.
    associatedtype Intent: AppIntent
    /// The sentence, each parameter named by its title.
    var summaryText: String { get }
}

/// A sentence naming an intent's parameters, and the others listed after it.
public struct Summary<Intent: AppIntent>: ParameterSummary {
    public let summaryText: String

    public init(_ text: ParameterSummaryString<Intent>) {
        summaryText = text.text
    }

    /// The sentence and, in the closure, the parameters shown below it (`\.$units`).
    public init(_ text: ParameterSummaryString<Intent>, @ParameterListBuilder<Intent> _ table: () -> [String]) {
        summaryText = text.text
    }
}

/// The summary of an intent that states none: its title.
public struct TitleSummary<Intent: AppIntent>: ParameterSummary {
    public var summaryText: String { Intent.title.key }

    public init() {}
}

/// A summary's sentence: literal words and parameters (`\(\.$team)`), each written as its
/// title in the sentence read here.
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
    let text: String

    public init(stringLiteral value: String) {
        text = value
    }

    public init(stringInterpolation: Interpolation) {
        text = stringInterpolation.text
    }

    public struct Interpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// A parameter, named by its title.
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) {
            text += Intent().title(of: parameter)
        }
    }
}

extension AppIntent {
    /// The title of the parameter at `path`, read from a fresh intent.
    func title<Value>(of path: KeyPath<Self, IntentParameter<Value>>) -> String {
        self[keyPath: path].title
    }
}

/// Builds `parameterSummary`: one summary of the intent's own parameters.
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    /// A summary of this intent (which is what lets `\.$parameter` find its root).
    public static func buildExpression<Content: ParameterSummary>(_ content: Content) -> Content where Content.Intent == Intent {
        content
    }

    public static func buildBlock<Content: ParameterSummary>(_ content: Content) -> Content where Content.Intent == Intent {
        content
    }
}

/// Builds the parameters a summary lists below its sentence.
@resultBuilder
public enum ParameterListBuilder<Intent: AppIntent> {
    public static func buildExpression<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) -> [String] {
        [Intent().title(of: parameter)]
    }

    public static func buildBlock(_ parts: [String]...) -> [String] {
        parts.flatMap { $0 }
    }
}
