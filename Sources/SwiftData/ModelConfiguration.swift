import ModelStorage

/// Where and how a container keeps its models, as SwiftData's `ModelConfiguration`: a
/// file (by default `<Application Support>/default.store`, in the App Group's folder for
/// a group container), or memory only.
public struct ModelConfiguration: Sendable, Hashable {
    public let name: String
    public let url: URL
    public let isStoredInMemoryOnly: Bool
    /// Whether the context may write; a widget that only reads says false, and the file
    /// is then opened read-only.
    public let allowsSave: Bool
    public let groupAppContainerIdentifier: String?

    public init(_ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
                groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic) {
        let name = name ?? "default"
        var folder = ModelStore.applicationSupport ?? URL(fileURLWithPath: NSTemporaryDirectory())
        if let group = groupContainer.identifier { folder.appendPathComponent(group, isDirectory: true) }
        self.init(name: name, url: folder.appendingPathComponent(name + ".store"), inMemory: isStoredInMemoryOnly, allowsSave: allowsSave,
                  group: groupContainer.identifier)
    }

    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true, cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.init(name: name ?? url.deletingPathExtension().lastPathComponent, url: url, inMemory: false, allowsSave: allowsSave, group: nil)
    }

    private init(name: String, url: URL, inMemory: Bool, allowsSave: Bool, group: String?) {
        (self.name, self.url, isStoredInMemoryOnly, self.allowsSave, groupAppContainerIdentifier) = (name, url, inMemory, allowsSave, group)
    }

    /// Which App Group's folder holds the store.
    public struct GroupContainer: Sendable, Hashable {
        enum Kind: Sendable, Hashable { case automatic, none, identifier(String) }
        let kind: Kind
        public static let automatic = GroupContainer(kind: .automatic)
        public static let none = GroupContainer(kind: .none)
        public static func identifier(_ group: String) -> GroupContainer { GroupContainer(kind: .identifier(group)) }

        /// The App Group's identifier; nil for none.
        var identifier: String? {
            if case let .identifier(group) = kind { group } else { nil }
        }
    }

    /// CloudKit's database; there is no iCloud here, so every choice keeps the store local.
    public struct CloudKitDatabase: Sendable, Hashable {
        let name: String
        public static let automatic = CloudKitDatabase(name: "automatic")
        public static let none = CloudKitDatabase(name: "none")
        public static func `private`(_ container: String) -> CloudKitDatabase { CloudKitDatabase(name: container) }
    }
}
