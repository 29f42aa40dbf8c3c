/// A key for a value of your own in `EnvironmentValues`, as in SwiftUI: declare the
/// key, extend `EnvironmentValues` with a property, set it with `.environment(_:_:)`.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}
