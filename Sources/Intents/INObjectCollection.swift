import Foundation

/// The values an intent handler offers for a parameter, as SiriKit's
/// `INObjectCollection`: items, or items in titled sections.
public final class INObjectCollection<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
    public let sections: [INObjectSection<ObjectType>]
    /// Whether a list of them shows an index of initials; kept, never drawn.
    public var usesIndexedCollation = false

    public init(sections: [INObjectSection<ObjectType>]) {
        self.sections = sections
    }

    public convenience init(items: [ObjectType]) {
        self.init(sections: [INObjectSection(title: nil, items: items)])
    }

    /// Every item, section after section.
    public var allItems: [ObjectType] { sections.flatMap(\.items) }
}

/// A titled group of an `INObjectCollection`'s items.
public final class INObjectSection<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
    public let title: String?
    public let items: [ObjectType]

    public init(title: String?, items: [ObjectType]) {
        (self.title, self.items) = (title, items)
    }
}
