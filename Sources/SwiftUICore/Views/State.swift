/// A view's state, as SwiftUI's `@State`, so that views written for apps compile in a
/// widget. A widget's view is drawn from its entry and never kept between drawings
/// (WidgetKit's widgets are not stateful either), so the state holds its initial value;
/// a change made while the view's body is read lasts for that one drawing.
@propertyWrapper
public struct State<Value>: @unchecked Sendable {
    /// Where the value lives for one drawing; only the drawing's thread reads it.
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    public init(wrappedValue value: Value) {
        storage = Storage(value)
    }

    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// `$name`: a binding to the value, for a subview that takes one.
    public var projectedValue: Binding<Value> {
        let storage = self.storage
        return Binding(get: { storage.value }, set: { storage.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State that starts as nil.
    public init() {
        self.init(wrappedValue: nil)
    }
}
