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
