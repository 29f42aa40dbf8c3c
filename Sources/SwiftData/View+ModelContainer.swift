import SwiftUICore

extension View {
    /// Gives the view's environment a container, as SwiftData's modifier does for
    /// `@Query`. A widget reads its models in its provider, through its own
    /// `ModelContext`; the view draws the entry it is given, so the modifier changes
    /// nothing drawn.
    public func modelContainer(_ container: ModelContainer) -> some View { self }

    /// Gives the view's environment a container for `modelType`; see `modelContainer(_:)`.
    public func modelContainer(for modelType: any PersistentModel.Type, inMemory: Bool = false, isAutosaveEnabled: Bool = true,
                               isUndoEnabled: Bool = false, onSetup: @escaping (Result<ModelContainer, any Error>) -> Void = { _ in }) -> some View { self }
}
