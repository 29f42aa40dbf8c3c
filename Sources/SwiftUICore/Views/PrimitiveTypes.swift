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
        let id = ObjectIdentifier(type)
        if let known = views.withLock({ $0[id] }) { return known }
        let found = type as? any PrimitiveView.Type
        views.withLock { $0[id] = .some(found) }
        return found
    }

    /// `M` as a primitive modifier's type, or nil when it has a body.
    static func modifier<M: ViewModifier>(_ type: M.Type) -> (any PrimitiveModifier.Type)? {
        let id = ObjectIdentifier(type)
        if let known = modifiers.withLock({ $0[id] }) { return known }
        let found = type as? any PrimitiveModifier.Type
        modifiers.withLock { $0[id] = .some(found) }
        return found
    }
}
