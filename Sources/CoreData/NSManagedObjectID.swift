/// An object's identity in its store, as Core Data's `NSManagedObjectID`: its entity and
/// row once saved; temporary, and the object's own, before.
public final class NSManagedObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The entity's name.
    public let entityName: String
    let row: Int64?
    private let object: ObjectIdentifier?

    init(entityName: String, row: Int64?, object: ObjectIdentifier?) {
        (self.entityName, self.row, self.object) = (entityName, row, object)
    }

    /// Whether the object has not been saved yet.
    public var isTemporaryID: Bool { row == nil }

    /// The identity as an address, as Core Data gives it (`x-coredata:///Entity/p7`; a
    /// temporary one `…/t…`), which `NSPersistentStoreCoordinator.managedObjectID(forURIRepresentation:)`
    /// reads back.
    public func uriRepresentation() -> URL {
        let part = row.map { "p\($0)" } ?? "t\(object.map { UInt(bitPattern: $0.hashValue) } ?? 0)"
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        let entity = entityName.addingPercentEncoding(withAllowedCharacters: allowed) ?? entityName
        // The entity's name is percent-encoded, so the address always parses; a last
        // resort keeps the daemon from stopping if it ever did not.
        return URL(string: "x-coredata:///\(entity)/\(part)") ?? URL(string: "x-coredata:///")!
    }

    /// The identity `url` names, when it is one `uriRepresentation()` gave for a saved object.
    static func saved(_ url: URL) -> NSManagedObjectID? {
        guard url.scheme == "x-coredata" else { return nil }
        let parts = url.path.split(separator: "/")
        guard parts.count == 2, parts[1].first == "p", let row = Int64(parts[1].dropFirst()) else { return nil }
        return NSManagedObjectID(entityName: String(parts[0]).removingPercentEncoding ?? String(parts[0]), row: row, object: nil)
    }

    public static func == (a: NSManagedObjectID, b: NSManagedObjectID) -> Bool {
        a.entityName == b.entityName && (a.row != nil ? a.row == b.row : b.row == nil && a.object == b.object)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entityName)
        hasher.combine(row)
    }

    public var description: String { uriRepresentation().absoluteString }
}
