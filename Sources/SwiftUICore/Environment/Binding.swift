/// A value a view reads and writes through someone else's storage, as SwiftUI's. A widget
/// is drawn from its entry and cannot change it, so a binding here is most often
/// `.constant(_:)`, as widget code passes to a view that takes one.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        (read, write) = (get, set)
    }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a property of the value.
    public subscript<Member>(dynamicMember path: WritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding<Member>(get: { self.read()[keyPath: path] }, set: { member in
            var value = self.read()
            value[keyPath: path] = member
            self.write(value)
        })
    }
}
