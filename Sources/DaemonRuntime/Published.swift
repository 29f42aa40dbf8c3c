import Synchronization

/// A value one service sets once it has it and others read, shared by every copy of the
/// value that holds it (the HTTP face's certificate fingerprint, read by the status).
package final class Published<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    package init() {}

    /// Nil until set.
    package var value: Value? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
