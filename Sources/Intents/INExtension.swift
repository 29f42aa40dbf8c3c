import Foundation

/// How an intent extension hands out the object that handles an intent, as SiriKit's
/// `INIntentHandlerProviding`.
public protocol INIntentHandlerProviding: AnyObject {
    func handler(for intent: INIntent) -> Any?
}

/// An intent extension's principal class, as SiriKit's `INExtension`: its subclass,
/// adopting generated `…IntentHandling` protocols, lists a parameter's values.
open class INExtension: NSObject, INIntentHandlerProviding {
    /// Required: the daemon makes the principal class from its name, as iOS does.
    public required override init() {
        super.init()
    }

    open func handler(for intent: INIntent) -> Any? { self }
}
