/// Makes a class a model SwiftData keeps, as Apple's `@Model`: it adopts
/// `PersistentModel`, with an initialiser that reads each stored property from the store,
/// a method that writes them and one that reads its relationships. Stored properties must
/// be `Codable` or refer to other models (a model, an optional one, an array of them); a
/// `@Transient` one is left out, and a `let` with a value of its own keeps that value.
@attached(member, names: named(init), named(encodeModel), named(decodeRelationships), named(modelInverses), named(modelPropertyNames), named(persistentBackingData))
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "AccessoryMacros", type: "ModelMacro")

/// A stored property's options, as SwiftData's `@Attribute`; kept by the store as any
/// other property (a desk panel's widget reads the store, it does not migrate it).
@attached(peer)
public macro Attribute(_ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil) = #externalMacro(module: "AccessoryMacros", type: "NoPeerMacro")

/// A property SwiftData does not keep, as Apple's `@Transient`.
@attached(peer)
public macro Transient() = #externalMacro(module: "AccessoryMacros", type: "NoPeerMacro")

/// A property that refers to other models, as SwiftData's `@Relationship`: its `inverse`
/// is kept at both ends when the models are saved; the other options are accepted
/// (docs/WIDGETS.md#swiftdata).
@attached(peer)
public macro Relationship(_ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
                          minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
                          inverse: AnyKeyPath? = nil, hashModifier: String? = nil) = #externalMacro(module: "AccessoryMacros", type: "NoPeerMacro")
