import Foundation
import WidgetArchive
import WidgetRender

/// One widget on a (virtual) screen: which extension, which kind and family, where it is shown.
public struct WidgetInstance: Hashable, Sendable, Codable {
    /// A name for commands (`widget-host tap ID`).
    public var id: String
    /// Path of the extension executable.
    public var extensionPath: String
    public var kind: String
    public var family: WidgetFamily
    /// Placement id (`widget-host placements`); the family's natural placement when nil.
    public var placement: String?

    public init(id: String, extensionPath: String, kind: String, family: WidgetFamily, placement: String? = nil) {
        self.id = id
        self.extensionPath = extensionPath
        self.kind = kind
        self.family = family
        self.placement = placement
    }

    enum CodingKeys: String, CodingKey {
        case id, extensionPath = "extension", kind, family, placement
    }

    /// The resolved placement.
    public var resolvedPlacement: Placement {
        placement.flatMap(Placement.named) ?? Placement.natural(for: family)
    }

    /// The environment variant this placement needs archived.
    public func variant(flags: ConfigurationFlags) -> EnvironmentVariant {
        let p = resolvedPlacement
        return EnvironmentVariant(renderingMode: p.renderingMode, colorScheme: p.colorScheme,
                                  showsContainerBackground: !p.removesContainerBackground || flags.contains(.backgroundNotRemovable))
    }
}
