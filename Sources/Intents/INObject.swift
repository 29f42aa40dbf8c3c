import Foundation

/// A value of a custom type an intent definition declares, as SiriKit's `INObject`: an
/// identifier and the words it is shown with. Generated subclasses add the type's own
/// properties. Two objects are equal when their identifiers (else their titles) are.
open class INObject: NSObject {
    let storage = ParameterStorage()

    public let identifier: String?
    public let displayString: String
    public let subtitleString: String?
    public let pronunciationHint: String?
    /// The picture shown beside it in a list; a lock screen's configuration has no list.
    public let displayImage: INImage?

    public init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        (self.identifier, self.displayString, self.pronunciationHint) = (identifier, displayString, pronunciationHint)
        (subtitleString, displayImage) = (nil, nil)
        super.init()
    }

    public init(identifier: String?, display displayString: String, subtitle subtitleString: String?, image displayImage: INImage?) {
        (self.identifier, self.displayString, self.subtitleString, self.displayImage) = (identifier, displayString, subtitleString, displayImage)
        pronunciationHint = nil
        super.init()
    }

    /// The value a generated property keeps under `key`.
    public func propertyValue(forKey key: String) -> Any? { storage[key] }

    /// Sets the value a generated property keeps under `key`; nil clears it.
    public func setPropertyValue(_ value: Any?, forKey key: String) { storage[key] = value }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INObject, type(of: other) == type(of: self) else { return false }
        return (identifier ?? displayString) == (other.identifier ?? other.displayString)
    }

    open override var hash: Int { (identifier ?? displayString).hashValue }

    open override var description: String { "<\(type(of: self)) \(identifier ?? "-"): \(displayString)>" }
}

/// A picture for an intent's object or response, as SiriKit's `INImage`: kept by name
/// or address, never drawn (the configuration is a file, not a list on a screen).
public final class INImage: NSObject, @unchecked Sendable {
    public let name: String?
    public let url: URL?
    public let data: Data?

    public init(named name: String) { (self.name, url, data) = (name, nil, nil) }
    public init(url: URL) { (name, self.url, data) = (nil, url, nil) }
    public init(imageData: Data) { (name, url, data) = (nil, nil, imageData) }
    public convenience init(systemImageNamed name: String) { self.init(named: name) }
}
