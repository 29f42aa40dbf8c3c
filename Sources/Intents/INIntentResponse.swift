import Foundation

/// What handling an intent answered, as SiriKit's `INIntentResponse`; generated
/// subclasses add the definition's response code and properties. A widget's
/// configuration intent is never handled here, so a response is only ever made by code.
open class INIntentResponse: NSObject {
    let storage = ParameterStorage()

    public override init() {
        super.init()
    }

    /// The value a generated property keeps under `key`.
    public func propertyValue(forKey key: String) -> Any? { storage[key] }

    /// Sets the value a generated property keeps under `key`; nil clears it.
    public func setPropertyValue(_ value: Any?, forKey key: String) { storage[key] = value }
}

/// How an intent extension hands out the object that handles an intent, as SiriKit's
/// `INIntentHandlerProviding`.
public protocol INIntentHandlerProviding: AnyObject {
    func handler(for intent: INIntent) -> Any?
}

/// An intent extension's principal class, as SiriKit's `INExtension`: its subclass,
/// adopting generated `…IntentHandling` protocols, lists a parameter's values.
open class INExtension: NSObject, INIntentHandlerProviding {
    public override init() {
        super.init()
    }

    open func handler(for intent: INIntent) -> Any? { self }
}
