import ModelStorage

/// The store of an app's models and the schema it keeps, as SwiftData's
/// `ModelContainer`: made once, then read and written through `ModelContext`s.
public final class ModelContainer: Sendable {
    public let schema: Schema
    public let configurations: [ModelConfiguration]
    let store: ModelStore

    public init(for givenSchema: Schema, configurations: [ModelConfiguration]) throws {
        schema = givenSchema
        self.configurations = configurations.isEmpty ? [ModelConfiguration()] : configurations
        let configuration = self.configurations[0]
        do {
            store = try ModelStore(url: configuration.isStoredInMemoryOnly ? nil : configuration.url, allowsSave: configuration.allowsSave)
        } catch {
            throw SwiftDataError(description: error.description)
        }
    }

    public convenience init(for givenSchema: Schema, configurations: ModelConfiguration...) throws {
        try self.init(for: givenSchema, configurations: configurations)
    }

    public convenience init(for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(forTypes), configurations: configurations)
    }

    /// The context of the main actor, made on first use.
    @MainActor public var mainContext: ModelContext {
        if let main { return main }
        let context = ModelContext(self)
        main = context
        return context
    }

    @MainActor private var main: ModelContext?
}
