/// An observable object a view is given, as SwiftUI's. A widget is drawn once per entry,
/// so the object is read as it is when the view is drawn; `$model.value` is a binding to
/// one of its properties.
@propertyWrapper
@dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject> {
    /// The object's properties as bindings: `$model.value`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }

    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    public init(initialValue: ObjectType) {
        self.init(wrappedValue: initialValue)
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        projectedValue[dynamicMember: keyPath]
    }
}

/// An observable object a view makes and owns, as SwiftUI's: made the first time the
/// view's body reads it, once per drawing (a widget's view is drawn from its entry and
/// not kept, so nothing it owns outlives the drawing).
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    private final class Storage {
        let make: () -> ObjectType
        lazy var object: ObjectType = make()
        init(_ make: @escaping () -> ObjectType) { self.make = make }
    }

    private let storage: Storage

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        storage = Storage(thunk)
    }

    public var wrappedValue: ObjectType { storage.object }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: storage.object).projectedValue }
}

/// An observable object a view above gave with `environmentObject(_:)`, as SwiftUI's.
/// Read without one, it stops the program as SwiftUI's does, naming the class.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject> {
    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = EnvironmentValues.object(of: ObjectType.self) else {
            fatalError("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: wrappedValue).projectedValue }
}
