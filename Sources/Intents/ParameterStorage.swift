import Foundation

/// The values of an intent's or an object's generated properties, by name: what
/// `@NSManaged` properties keep on Apple's systems. Locked, because the daemon sets a
/// placement's intent once and its provider's calls then read it from any task.
final class ParameterStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Any] = [:]

    subscript(key: String) -> Any? {
        get { lock.withLock { values[key] } }
        set { lock.withLock { values[key] = newValue } }
    }

    var keys: [String] { lock.withLock { Array(values.keys) } }
}
