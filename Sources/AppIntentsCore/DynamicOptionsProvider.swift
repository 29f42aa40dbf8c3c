/// Lists the values a parameter may take, as AppIntents' `DynamicOptionsProvider`:
/// `@Parameter(title: "Line", optionsProvider: LineOptions())`. Asked once when the
/// program starts; `lockscreend check` accepts only what it listed, with "did you mean".
public protocol DynamicOptionsProvider: Sendable {
    /// The options: an array of the parameter's value type.
    associatedtype Result: Sendable
    func results() async throws -> Result
}
