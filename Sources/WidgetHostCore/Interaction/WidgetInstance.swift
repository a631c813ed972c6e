import Foundation
import WidgetArchive
import WidgetLayout
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
    /// The configuration intent's parameters, by name, for intent-configured widgets. When nil, the
    /// widget's first recommendation is used (or the intent's defaults).
    public var configuration: [String: ConfigurationValue]?

    public init(id: String, extensionPath: String, kind: String, family: WidgetFamily, placement: String? = nil,
                configuration: [String: ConfigurationValue]? = nil) {
        self.id = id
        self.extensionPath = extensionPath
        self.kind = kind
        self.family = family
        self.placement = placement
        self.configuration = configuration
    }

    enum CodingKeys: String, CodingKey {
        case id, extensionPath = "extension", kind, family, placement, configuration
    }

    /// The configuration as intent parameter bytes.
    public var encodedConfiguration: [UInt8]? {
        configuration.map { IntentParameterCoding.encode($0.map { ($0.key, $0.value.parameter) }) }
    }

    /// The resolved placement.
    public var resolvedPlacement: Placement {
        placement.flatMap(Placement.named) ?? Placement.natural(for: family)
    }

    /// The environment variant this placement needs archived.
    public func variant(flags: ConfigurationFlags) -> EnvironmentVariant { resolvedPlacement.variant(flags: flags) }
}

/// A configuration parameter as written in a host configuration file: a string (also an entity's
/// identifier), a number or a bool.
public enum ConfigurationValue: Hashable, Sendable, Codable {
    case string(String)
    case number(Double)
    case bool(Bool)

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else { self = .string(try c.decode(String.self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .number(let n): try c.encode(n)
        case .bool(let b): try c.encode(b)
        }
    }

    var parameter: IntentParameterValue {
        switch self {
        case .string(let s): .string(s)
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? .int(Int64(n)) : .double(n)
        case .bool(let b): .bool(b)
        }
    }
}
