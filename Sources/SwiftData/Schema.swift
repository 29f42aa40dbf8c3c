/// The model classes a container keeps, as SwiftData's `Schema`.
public struct Schema: Sendable {
    public let entities: [any PersistentModel.Type]
    public let version: Version

    public init(_ models: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        (entities, self.version) = (models, version)
    }

    public init(_ models: any PersistentModel.Type..., version: Version = Version(1, 0, 0)) {
        self.init(models, version: version)
    }

    /// A schema's version; kept, as the store here is never migrated.
    public struct Version: Sendable, Hashable {
        public let major: Int, minor: Int, patch: Int
        public init(_ major: Int, _ minor: Int, _ patch: Int) { (self.major, self.minor, self.patch) = (major, minor, patch) }
    }

    /// `@Relationship`'s options and delete rules.
    public enum Relationship {
        public struct Option: Sendable, Hashable {
            let name: String
            public static let unique = Option(name: "unique")
        }

        public enum DeleteRule: Sendable, Hashable {
            case noAction, nullify, cascade, deny
        }
    }

    /// `@Attribute`'s options.
    public enum Attribute {
        public struct Option: Sendable, Hashable {
            let name: String
            public static let unique = Option(name: "unique")
            public static let externalStorage = Option(name: "externalStorage")
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            public static let spotlight = Option(name: "spotlight")
            public static let ephemeral = Option(name: "ephemeral")
            public static func transformable(by name: String) -> Option { Option(name: "transformable") }
        }
    }
}
