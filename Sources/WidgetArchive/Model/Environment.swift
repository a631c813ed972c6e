/// `WidgetFamily`: the size class of a widget.
public enum WidgetFamily: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline, accessoryCorner
    /// A control (`ControlWidget`): not a family Apple's API names. Controls have no families; the host
    /// keeps and requests a control's template under this one, and draws it in the control placements.
    case _control = "control"
    /// visionOS 26: an extra-large widget in portrait.
    case systemExtraLargePortrait
    // A Live Activity's presentations: not families Apple's API names (`ActivityFamily` has two sizes, and
    // the Dynamic Island's are slots of one configuration). The host asks for, keeps and draws each
    // presentation's archive under one of these.
    /// `ActivityFamily.medium`: the Lock Screen presentation (also StandBy's, scaled).
    case _activityMedium = "activity"
    /// `ActivityFamily.small`: the watch's Smart Stack and CarPlay, when the configuration supports it.
    case _activitySmall = "activity-small"
    /// The Dynamic Island's compact presentation, either side of the camera.
    case _islandCompactLeading = "island-compact-leading"
    case _islandCompactTrailing = "island-compact-trailing"
    /// The Dynamic Island's minimal presentation, shown when several activities share it.
    case _islandMinimal = "island-minimal"
    /// The Dynamic Island's expanded presentation, region by region (`DynamicIslandExpandedRegion`).
    case _islandExpandedLeading = "island-expanded-leading"
    case _islandExpandedTrailing = "island-expanded-trailing"
    case _islandExpandedCenter = "island-expanded-center"
    case _islandExpandedBottom = "island-expanded-bottom"

    public var description: String { rawValue }

    /// A Live Activity presentation rather than a widget's family.
    public var isActivityPresentation: Bool { code >= WidgetFamily._activityMedium.code }

    /// The families a widget can have (the others are Live Activity presentations).
    public static var widgetFamilies: [WidgetFamily] { allCases.filter { !$0.isActivityPresentation } }

    /// The Live Activity presentations.
    public static var activityPresentations: [WidgetFamily] { allCases.filter(\.isActivityPresentation) }

    /// Stable wire code.
    public var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self) ?? 0) }
    public init?(code: UInt8) {
        guard Int(code) < Self.allCases.count else { return nil }
        self = Self.allCases[Int(code)]
    }
}

/// `WidgetRenderingMode`: how the host will draw the view.
public enum WidgetRenderingMode: UInt8, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case fullColor = 0, accented, vibrant
    public var description: String {
        switch self {
        case .fullColor: "fullColor"
        case .accented: "accented"
        case .vibrant: "vibrant"
        }
    }
}

/// `WidgetAccentedRenderingMode`: how an image is drawn in the accented rendering mode (iOS 18, macOS
/// 15, watchOS 11): in the accent group, its luminance as the default or accent group's colour, or in
/// its own colours (iOS only).
public enum AccentedImageMode: UInt8, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case accented = 0, desaturated, accentedDesaturated, fullColor
    public var description: String {
        switch self {
        case .accented: "accented"
        case .desaturated: "desaturated"
        case .accentedDesaturated: "accentedDesaturated"
        case .fullColor: "fullColor"
        }
    }
}

/// `ColorScheme`.
public enum ColorScheme: UInt8, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case light = 0, dark
    public var description: String { self == .light ? "light" : "dark" }
}

/// One environment the host asks the extension to archive an entry for. The view body is evaluated
/// once per variant: the host never re-runs view code later.
public struct EnvironmentVariant: Hashable, Sendable, Codable, CustomStringConvertible {
    public var renderingMode: WidgetRenderingMode
    public var colorScheme: ColorScheme
    public var showsContainerBackground: Bool
    public var isLuminanceReduced: Bool
    public var redactionReasons: RedactionReasons
    /// `@Environment(\.levelOfDetail)` is `.simplified`: on visionOS, the viewer is far from the widget.
    public var isSimplified: Bool
    /// The device's text size, direction, locale and time zone.
    public var device: DeviceSettings {
        get { storedDevice ?? .standard }
        set { storedDevice = newValue.isStandard ? nil : newValue }
    }
    /// Kept only when not standard, so variants written before device settings existed decode and
    /// compare as they did.
    private var storedDevice: DeviceSettings?

    private enum CodingKeys: String, CodingKey {
        case renderingMode, colorScheme, showsContainerBackground, isLuminanceReduced, redactionReasons, isSimplified
        case storedDevice = "device"
    }

    public init(
        renderingMode: WidgetRenderingMode = .fullColor, colorScheme: ColorScheme = .light,
        showsContainerBackground: Bool = true, isLuminanceReduced: Bool = false,
        redactionReasons: RedactionReasons = [], isSimplified: Bool = false, device: DeviceSettings = .standard
    ) {
        self.storedDevice = device.isStandard ? nil : device
        self.isSimplified = isSimplified
        self.renderingMode = renderingMode
        self.colorScheme = colorScheme
        self.showsContainerBackground = showsContainerBackground
        self.isLuminanceReduced = isLuminanceReduced
        self.redactionReasons = redactionReasons
    }

    public static let standard = EnvironmentVariant()

    /// A short, file-name-safe label such as `fullColor-light` or `vibrant-dark-nobg-aod`.
    public var description: String {
        var parts = [renderingMode.description, colorScheme.description]
        if !showsContainerBackground { parts.append("nobg") }
        if isLuminanceReduced { parts.append("aod") }
        if redactionReasons.contains(.placeholder) { parts.append("placeholder") }
        if redactionReasons.contains(.privacy) { parts.append("privacy") }
        if isSimplified { parts.append("simplified") }
        if !device.isStandard { parts.append(device.description) }
        return parts.joined(separator: "-")
    }
}


/// Where a widget is shown, as `WidgetLocation` names it: what `disfavoredLocations(_:for:)` refers
/// to, and what each host placement is in.
public enum PlacementLocation: UInt8, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case homeScreen = 0, lockScreen, standBy, iPhoneWidgetsOnMac, carPlay
    public var description: String {
        switch self {
        case .homeScreen: "homeScreen"
        case .lockScreen: "lockScreen"
        case .standBy: "standBy"
        case .iPhoneWidgetsOnMac: "iPhoneWidgetsOnMac"
        case .carPlay: "carPlay"
        }
    }
}
