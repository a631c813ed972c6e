import WidgetArchive

// Where a Live Activity is shown. Sources: Apple Human Interface Guidelines, "Live Activities"
// (Specifications: the Dynamic Island's and the Lock Screen's sizes on the 393- and 430-point iPhones,
// the island's 44 pt corner radius, the Lock Screen's 14 pt margin; StandBy scales the Lock Screen
// presentation 2×; watchOS and CarPlay sizes); ActivityKit documentation, "Displaying live data with
// Live Activities" (which presentation each place uses, the expanded regions' layout) and "Creating
// custom views for Live Activities" (backgrounds, the watch and CarPlay combining the compact views).
// The island's default content margins are not published: those in `IslandGeometry` are
// representative values.

/// How a place composes an activity's presentations into one picture.
public enum ActivityScene: String, Hashable, Sendable, CaseIterable {
    /// The Lock Screen banner (`ActivityFamily.medium`), its height set by its content (84–160 pt).
    case lockScreen
    /// One activity in the Dynamic Island: its compact leading and trailing views either side of the camera.
    case islandCompact
    /// The minimal view attached to the island (one of two activities sharing it, or another app's
    /// activity holding the compact view).
    case islandMinimal
    /// Two activities: the first's minimal view attached to the island, the second's detached beside it.
    case islandShared
    /// Touch and hold (or an alerting update): the expanded regions around the camera.
    case islandExpanded
    /// StandBy: the Lock Screen presentation scaled 2× to fill the landscape screen.
    case standBy
    /// Apple Watch's Smart Stack and CarPlay's dashboard: the `.small` view, else the compact views side by side.
    case compactCard
    /// The Mac menu bar (macOS 26): the compact presentation of the paired iPhone's activity.
    case menuBar
}

/// The Dynamic Island's measures on one class of iPhone, in points.
public struct IslandGeometry: Hashable, Sendable {
    /// The island with the compact presentation, end to end.
    public var compactWidth: Double
    public var height: Double
    /// Each compact view's slot beside the camera.
    public var compactSlotWidth: Double
    public var minimalWidth: ClosedRange<Double>
    public var expandedWidth: Double
    public var expandedHeight: ClosedRange<Double>
    public var expandedCorner: Double
    /// The island's top, below the screen's edge.
    public var top: Double
    /// The screen's width (the picture's).
    public var screenWidth: Double

    /// The camera's part of the island, between the compact slots.
    public var cameraWidth: Double { compactWidth - 2 * compactSlotWidth }

    /// 393-point iPhones (15, 15 Pro, 16, 16 Pro, 17, 17 Pro): compact 230 pt, expanded 371 pt.
    public static let standard = IslandGeometry(
        compactWidth: 230, height: 36.67, compactSlotWidth: 52.33, minimalWidth: 36.67...45, expandedWidth: 371,
        expandedHeight: 84...160, expandedCorner: 44, top: 11, screenWidth: 393)

    /// 430-point iPhones (the Plus and Pro Max models, iPhone Air): compact 250 pt, expanded 408 pt.
    public static let large = IslandGeometry(
        compactWidth: 250, height: 36.67, compactSlotWidth: 62.33, minimalWidth: 36.67...45, expandedWidth: 408,
        expandedHeight: 84...160, expandedCorner: 44, top: 11, screenWidth: 430)

    /// The system's content margins for a presentation, where the configuration set none.
    public func systemMargins(_ family: WidgetFamily) -> EdgeMargins {
        switch family {
        case ._islandCompactLeading: EdgeMargins(top: 6, leading: 12, bottom: 6, trailing: 4)
        case ._islandCompactTrailing: EdgeMargins(top: 6, leading: 4, bottom: 6, trailing: 12)
        case ._islandMinimal: EdgeMargins(top: 6, leading: 6, bottom: 6, trailing: 6)
        case ._islandExpandedLeading: EdgeMargins(top: 14, leading: 20, bottom: 0, trailing: 6)
        case ._islandExpandedTrailing: EdgeMargins(top: 14, leading: 6, bottom: 0, trailing: 20)
        case ._islandExpandedCenter: EdgeMargins(top: 4, leading: 8, bottom: 0, trailing: 8)
        case ._islandExpandedBottom: EdgeMargins(top: 6, leading: 20, bottom: 16, trailing: 20)
        default: EdgeMargins(top: 0, leading: 0, bottom: 0, trailing: 0)
        }
    }
}

extension Placement {
    /// The Lock Screen's wallpaper, behind its banners.
    static let lockWallpaper = RGBA(0.13, 0.17, 0.30)
    /// The home screen's wallpaper, around the island.
    static let homeWallpaper = RGBA(0.36, 0.52, 0.78)

    /// The iPhone Lock Screen: the banner, 371 pt wide, as tall as its content within 84–160 pt.
    public static let activityLockScreen = Placement(
        id: "iphone-lock-activity", name: "iPhone Lock Screen (Live Activity)", platform: .iOS,
        sizes: [._activityMedium: Size(width: 371, height: 160)], margins: [:], marginsWithoutBackground: 0,
        cornerRadius: [._activityMedium: 24], removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .light,
        backdrop: lockWallpaper, tint: .white, scale: 3, location: .lockScreen, activityScene: .lockScreen)

    private static func island(id: String, name: String, scene: ActivityScene) -> Placement {
        let g = IslandGeometry.standard
        let slot = Size(width: g.compactSlotWidth, height: g.height)
        let expandedSide = Size(width: (g.expandedWidth - g.cameraWidth) / 2, height: g.expandedHeight.upperBound)
        let full = Size(width: g.expandedWidth, height: g.expandedHeight.upperBound)
        return Placement(
            id: id, name: name, platform: .iOS,
            sizes: [._islandCompactLeading: slot, ._islandCompactTrailing: slot,
                    ._islandMinimal: Size(width: g.minimalWidth.upperBound, height: g.height),
                    ._islandExpandedLeading: expandedSide, ._islandExpandedTrailing: expandedSide,
                    ._islandExpandedCenter: full, ._islandExpandedBottom: full],
            margins: [:], marginsWithoutBackground: 0, cornerRadius: [:], removesContainerBackground: true, renderingMode: .fullColor,
            colorScheme: .dark, backdrop: homeWallpaper, tint: .white, scale: 3, activityScene: scene)
    }

    public static let islandCompact = island(id: "island-compact", name: "Dynamic Island (compact)", scene: .islandCompact)
    public static let islandMinimal = island(id: "island-minimal", name: "Dynamic Island (minimal)", scene: .islandMinimal)
    public static let islandShared = island(id: "island-shared", name: "Dynamic Island (two activities)", scene: .islandShared)
    public static let islandExpanded = island(id: "island-expanded", name: "Dynamic Island (expanded)", scene: .islandExpanded)

    /// StandBy: the Lock Screen presentation 2× on the landscape screen, its background extended.
    public static let activityStandBy = Placement(
        id: "standby-activity", name: "StandBy (Live Activity)", platform: .iOS,
        sizes: [._activityMedium: Size(width: 371, height: 160)], margins: [:], marginsWithoutBackground: 0,
        cornerRadius: [._activityMedium: 0], removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: .black, tint: .white, scale: 2, location: .standBy, activityScene: .standBy)

    /// StandBy at night: the same, drawn vibrant in red.
    public static let activityStandByNight = Placement(
        id: "standby-night-activity", name: "StandBy at night (Live Activity)", platform: .iOS,
        sizes: [._activityMedium: Size(width: 371, height: 160)], margins: [:], marginsWithoutBackground: 0,
        cornerRadius: [._activityMedium: 0], removesContainerBackground: true, renderingMode: .vibrant, colorScheme: .dark,
        backdrop: .black, tint: RGBA(1, 0.18, 0.12), scale: 2, location: .standBy, activityScene: .standBy)

    /// Apple Watch's Smart Stack (45 mm): the `.small` view, else the compact views side by side.
    public static let activitySmartStack = Placement(
        id: "watch-smart-stack-activity", name: "Apple Watch Smart Stack (Live Activity)", platform: .watchOS,
        sizes: [._activitySmall: Size(width: 184, height: 80.5), ._islandCompactLeading: Size(width: 84, height: 64),
                ._islandCompactTrailing: Size(width: 84, height: 64)],
        margins: [._activitySmall: 8], marginsWithoutBackground: 8, cornerRadius: [._activitySmall: 22],
        removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: .black, tint: .white, scale: 2, activityScene: .compactCard)

    /// CarPlay's dashboard (iOS 26): as the watch's, interactive elements inactive.
    public static let activityCarPlay = Placement(
        id: "carplay-activity", name: "CarPlay (Live Activity)", platform: .iOS,
        sizes: [._activitySmall: Size(width: 240, height: 78), ._islandCompactLeading: Size(width: 112, height: 62),
                ._islandCompactTrailing: Size(width: 112, height: 62)],
        margins: [._activitySmall: 8], marginsWithoutBackground: 8, cornerRadius: [._activitySmall: 12],
        removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: RGBA(0.07, 0.07, 0.08), tint: .white, scale: 2, isDeviceLocked: true, location: .carPlay, activityScene: .compactCard)

    /// The Mac menu bar (macOS 26): the compact presentation of the paired iPhone's activity.
    public static let activityMenuBar = Placement(
        id: "mac-menu-bar-activity", name: "Mac menu bar (Live Activity)", platform: .macOS,
        sizes: [._islandCompactLeading: Size(width: 52.33, height: 36.67), ._islandCompactTrailing: Size(width: 52.33, height: 36.67)],
        margins: [:], marginsWithoutBackground: 0, cornerRadius: [:], removesContainerBackground: true, renderingMode: .fullColor,
        colorScheme: .dark, backdrop: RGBA(0.85, 0.86, 0.88), tint: .white, scale: 2, activityScene: .menuBar)

    /// Every place a Live Activity is shown, in the order `widget-host placements` lists them.
    public static let activityPlacements: [Placement] = [
        .activityLockScreen, .islandCompact, .islandMinimal, .islandShared, .islandExpanded, .activityStandBy, .activityStandByNight,
        .activitySmartStack, .activityCarPlay, .activityMenuBar,
    ]
}
