import Foundation

/// `@Model`: makes a class a persistent model. The macro adds `PersistentModel` conformance, the
/// model's identifier, and the initializer the store rebuilds a saved model with (from the stored
/// properties written in the class).
@attached(member, names: named(persistentModelID), named(init), named(_persistedPropertyNames))
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "WidgetMacros", type: "ModelMacro")

/// `@Attribute(…)`: options of a stored property (unique, external storage, an original name). The
/// store keeps every property the same way; the options are accepted as written.
@attached(peer)
public macro Attribute(
    _ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil
) = #externalMacro(module: "WidgetMacros", type: "NoExpansionMacro")

/// `@Relationship(…)`: a property holding other models; stored by their identifiers.
@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify, minimumModelCount: Int? = 0,
    maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil, hashModifier: String? = nil
) = #externalMacro(module: "WidgetMacros", type: "NoExpansionMacro")

/// `@Transient`: a property the store does not keep (it must have a default value).
@attached(peer)
public macro Transient() = #externalMacro(module: "WidgetMacros", type: "NoExpansionMacro")
