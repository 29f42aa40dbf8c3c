import Synchronization

/// Which view and modifier types lay themselves out (`PrimitiveView`, `PrimitiveModifier`),
/// asked of the runtime once per type. `as? any PrimitiveView` at every node of every
/// layout looked the conformance up again and boxed the view into an existential: a
/// seventh of laying out the clock each minute (docs/PERFORMANCE.md).
enum PrimitiveTypes {
    private static let views = Mutex<[ObjectIdentifier: (any PrimitiveView.Type)?]>([:])
    private static let modifiers = Mutex<[ObjectIdentifier: (any PrimitiveModifier.Type)?]>([:])

    /// `V` as a primitive view's type, or nil when it has a body.
    static func view<V: View>(_ type: V.Type) -> (any PrimitiveView.Type)? {
        known(ObjectIdentifier(type), in: views) { type as? any PrimitiveView.Type }
    }

    /// `M` as a primitive modifier's type, or nil when it has a body.
    static func modifier<M: ViewModifier>(_ type: M.Type) -> (any PrimitiveModifier.Type)? {
        known(ObjectIdentifier(type), in: modifiers) { type as? any PrimitiveModifier.Type }
    }

    /// The answer kept for `id`, or `find`'s, kept.
    private static func known<T: Sendable>(_ id: ObjectIdentifier, in cache: borrowing Mutex<[ObjectIdentifier: T?]>, _ find: () -> T?) -> T? {
        if let known = cache.withLock({ $0[id] }) { return known }
        let found = find()
        cache.withLock { $0[id] = .some(found) }
        return found
    }
}
