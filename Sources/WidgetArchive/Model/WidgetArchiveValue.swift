import Foundation

/// One archived timeline entry for one environment variant: what the host stores and later renders.
public struct WidgetArchiveValue: Hashable, Sendable, Codable {
    /// The widget kind that produced it.
    public var kind: String
    public var family: WidgetFamily
    /// The timeline entry's date: when the host starts showing it.
    public var entryDate: Date
    public var variant: EnvironmentVariant
    /// Configuration flags the renderer needs (`contentMarginsDisabled`, `containerBackgroundRemovable`).
    public var flags: ConfigurationFlags
    public var root: ViewNode

    public init(
        kind: String, family: WidgetFamily, entryDate: Date, variant: EnvironmentVariant = .standard,
        flags: ConfigurationFlags = [], root: ViewNode
    ) {
        self.kind = kind
        self.family = family
        self.entryDate = entryDate
        self.variant = variant
        self.flags = flags
        self.root = root
    }
}

/// Flags from the widget's configuration that change how the host draws every entry.
public struct ConfigurationFlags: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `.contentMarginsDisabled()`.
    public static let contentMarginsDisabled = ConfigurationFlags(rawValue: 1)
    /// `.containerBackgroundRemovable(false)`.
    public static let backgroundNotRemovable = ConfigurationFlags(rawValue: 2)
    /// The configuration is an `AppIntentConfiguration`.
    public static let intentConfigurable = ConfigurationFlags(rawValue: 4)
    /// `.promptsForUserConfiguration()`: a control asks to be configured when it is added.
    public static let promptsForUserConfiguration = ConfigurationFlags(rawValue: 8)
    /// `.supportedMountingStyles(_:)` leaves out `.elevated` (visionOS).
    public static let notElevated = ConfigurationFlags(rawValue: 16)
    /// `.supportedMountingStyles(_:)` leaves out `.recessed` (visionOS).
    public static let notRecessed = ConfigurationFlags(rawValue: 32)
    /// `.widgetTexture(.paper)` (visionOS): a matte, poster-like coating instead of glass.
    public static let paperTexture = ConfigurationFlags(rawValue: 64)
    public static let known: ConfigurationFlags = [
        .contentMarginsDisabled, .backgroundNotRemovable, .intentConfigurable, .promptsForUserConfiguration, .notElevated, .notRecessed,
        .paperTexture,
    ]
}
