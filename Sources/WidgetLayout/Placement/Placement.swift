import WidgetArchive

/// Where a widget is shown, as data: its device class, families and their point sizes, content margins,
/// corner radius, whether the container background is removed, rendering mode and pixel scale.
///
/// Sources: Apple Human Interface Guidelines, "Widgets" (specifications tables for iPhone, iPad, Mac and
/// Apple Watch), WWDC23 "Bring widgets to new places" (margins, removable backgrounds, StandBy, iPad
/// lock screen, Smart Stack), WWDC22 "Complications and widgets: Reloaded" (accessory families,
/// rendering modes). Sizes are the iPhone 15 Pro (393 × 852 pt), 12.9" iPad Pro, MacBook Pro and 45 mm
/// Apple Watch classes; figures the guidelines give as ranges use their middle.
public struct Placement: Hashable, Sendable {
    public enum Platform: String, Hashable, Sendable { case iOS, iPadOS, macOS, watchOS, visionOS }

    public var id: String
    public var name: String
    public var platform: Platform
    /// Families shown here, with their sizes in points.
    public var sizes: [WidgetFamily: Size]
    /// Default content margins (all edges) per family, when the background is shown.
    public var margins: [WidgetFamily: Double]
    /// Margins when the container background is removed (content reaches nearer the edges).
    public var marginsWithoutBackground: Double
    /// Corner radius of the widget's container, per family.
    public var cornerRadius: [WidgetFamily: Double]
    public var removesContainerBackground: Bool
    public var renderingMode: WidgetRenderingMode
    public var colorScheme: ColorScheme
    /// What is behind the widget: the wallpaper or material its pixels sit on.
    public var backdrop: RGBA
    /// The tint of vibrant or accented content (StandBy night's red, a watch face's accent).
    public var tint: RGBA
    public var scale: Double
    /// The device is locked here: a control's privacy-sensitive value is redacted.
    public var isDeviceLocked = false
    /// How controls are drawn here (only read where controls are shown).
    public var controlLook: ControlLook = .row
    /// Which `WidgetLocation` this is, for `disfavoredLocations(_:for:)`; nil where none applies
    /// (a Mac's own desktop, a watch).
    public var location: PlacementLocation? = nil
    /// visionOS: how the widget is mounted, on what surface, and how far away its viewer is.
    public var mounting: Mounting? = nil
    /// Where Live Activities are shown: how the place composes an activity's presentations; nil for
    /// the places widgets and controls are shown.
    public var activityScene: ActivityScene? = nil

    /// A visionOS widget's mounting, surface and viewing distance.
    public struct Mounting: Hashable, Sendable {
        public enum Style: String, Hashable, Sendable { case elevated, recessed }
        public var style: Style
        /// On a table or shelf (only `elevated` widgets go there) rather than a wall.
        public var isHorizontalSurface: Bool
        /// Metres from the viewer.
        public var viewingDistance: Double
    }

    public var families: [WidgetFamily] { WidgetFamily.allCases.filter { sizes[$0] != nil } }

    public func size(for family: WidgetFamily) -> Size? { sizes[family] }

    /// The environment a widget with `flags` is archived in for this placement (in `colorScheme`, if
    /// not the placement's own): its rendering mode, whether its background shows, and on visionOS the
    /// level of detail its viewer's distance asks for.
    public func variant(flags: ConfigurationFlags, colorScheme: ColorScheme? = nil) -> EnvironmentVariant {
        EnvironmentVariant(renderingMode: renderingMode, colorScheme: colorScheme ?? self.colorScheme,
                           showsContainerBackground: !removesContainerBackground || flags.contains(.backgroundNotRemovable),
                           isSimplified: (mounting?.viewingDistance ?? 0) > Self.simplifiedBeyond)
    }

    /// The viewing distance, in metres, beyond which visionOS asks for `LevelOfDetail.simplified`.
    /// Apple publishes no threshold; 2 m is a representative value.
    public static let simplifiedBeyond = 2.0

    /// Why a widget with `flags` cannot be shown here, if it cannot: a visionOS mounting style it does
    /// not support, or a recessed-only widget on a horizontal surface ("Updating your widgets for
    /// visionOS": people can't place a widget that only supports `recessed` on horizontal surfaces).
    public func refusal(for flags: ConfigurationFlags) -> String? {
        guard let mounting else { return nil }
        if mounting.isHorizontalSurface && flags.contains(.notElevated) {
            return "a widget that is only recessed cannot be placed on a horizontal surface"
        }
        switch mounting.style {
        case .elevated where flags.contains(.notElevated): return "the widget does not support the elevated mounting style"
        case .recessed where flags.contains(.notRecessed): return "the widget does not support the recessed mounting style"
        default: return nil
        }
    }
}

extension Placement {
    private static let homeCorner: Double = 21.67

    public static let iPhoneHomeScreen = Placement(
        id: "iphone-home", name: "iPhone home screen", platform: .iOS,
        sizes: [.systemSmall: Size(width: 158, height: 158), .systemMedium: Size(width: 338, height: 158),
                .systemLarge: Size(width: 338, height: 354)],
        margins: [.systemSmall: 16, .systemMedium: 16, .systemLarge: 16], marginsWithoutBackground: 16,
        cornerRadius: [.systemSmall: homeCorner, .systemMedium: homeCorner, .systemLarge: homeCorner],
        removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .light,
        backdrop: RGBA(0.36, 0.52, 0.78), tint: .white, scale: 3, location: .homeScreen)

    public static let iPhoneLockScreen = Placement(
        id: "iphone-lock", name: "iPhone lock screen", platform: .iOS,
        sizes: [.accessoryCircular: Size(width: 72, height: 72), .accessoryRectangular: Size(width: 160, height: 72),
                .accessoryInline: Size(width: 234, height: 26)],
        margins: [:], marginsWithoutBackground: 0,
        cornerRadius: [.accessoryCircular: 36, .accessoryRectangular: 12, .accessoryInline: 0],
        removesContainerBackground: true, renderingMode: .vibrant, colorScheme: .dark,
        backdrop: RGBA(0.13, 0.17, 0.30), tint: .white, scale: 3, location: .lockScreen)

    public static let standByDay = Placement(
        id: "standby", name: "StandBy", platform: .iOS,
        sizes: [.systemSmall: Size(width: 158, height: 158)],
        margins: [.systemSmall: 16], marginsWithoutBackground: 8,
        cornerRadius: [.systemSmall: homeCorner],
        removesContainerBackground: true, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: .black, tint: .white, scale: 3, location: .standBy)

    public static let standByNight = Placement(
        id: "standby-night", name: "StandBy at night", platform: .iOS,
        sizes: [.systemSmall: Size(width: 158, height: 158)],
        margins: [.systemSmall: 16], marginsWithoutBackground: 8,
        cornerRadius: [.systemSmall: homeCorner],
        removesContainerBackground: true, renderingMode: .vibrant, colorScheme: .dark,
        backdrop: .black, tint: RGBA(1, 0.18, 0.12), scale: 3, location: .standBy)

    public static let iPadLockScreen = Placement(
        id: "ipad-lock", name: "iPad lock screen", platform: .iPadOS,
        sizes: [.systemSmall: Size(width: 170, height: 170), .accessoryCircular: Size(width: 76, height: 76),
                .accessoryRectangular: Size(width: 172, height: 76), .accessoryInline: Size(width: 257, height: 26)],
        margins: [.systemSmall: 16], marginsWithoutBackground: 8,
        cornerRadius: [.systemSmall: 22, .accessoryCircular: 38, .accessoryRectangular: 12, .accessoryInline: 0],
        removesContainerBackground: true, renderingMode: .vibrant, colorScheme: .dark,
        backdrop: RGBA(0.13, 0.17, 0.30), tint: .white, scale: 2, location: .lockScreen)

    public static let iPadHomeScreen = Placement(
        id: "ipad-home", name: "iPad home screen", platform: .iPadOS,
        sizes: [.systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 379, height: 170),
                .systemLarge: Size(width: 379, height: 379), .systemExtraLarge: Size(width: 795, height: 379)],
        margins: [.systemSmall: 16, .systemMedium: 16, .systemLarge: 16, .systemExtraLarge: 16], marginsWithoutBackground: 16,
        cornerRadius: [.systemSmall: 22, .systemMedium: 22, .systemLarge: 22, .systemExtraLarge: 22],
        removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .light,
        backdrop: RGBA(0.36, 0.52, 0.78), tint: .white, scale: 2, location: .homeScreen)

    public static let macDesktop = Placement(
        id: "mac-desktop", name: "Mac desktop", platform: .macOS,
        sizes: [.systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 364, height: 170),
                .systemLarge: Size(width: 364, height: 382), .systemExtraLarge: Size(width: 748, height: 382)],
        margins: [.systemSmall: 16, .systemMedium: 16, .systemLarge: 16, .systemExtraLarge: 16], marginsWithoutBackground: 16,
        cornerRadius: [.systemSmall: 22, .systemMedium: 22, .systemLarge: 22, .systemExtraLarge: 22],
        removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .light,
        backdrop: RGBA(0.55, 0.62, 0.70), tint: .white, scale: 2)

    /// The Mac desktop when another app is focused: widgets are drawn desktop-tinted (accented, monochrome).
    public static let macDesktopTinted = Placement(
        id: "mac-desktop-tinted", name: "Mac desktop (tinted)", platform: .macOS,
        sizes: macDesktop.sizes, margins: macDesktop.margins, marginsWithoutBackground: 16,
        cornerRadius: macDesktop.cornerRadius, removesContainerBackground: true, renderingMode: .accented,
        colorScheme: .light, backdrop: RGBA(0.55, 0.62, 0.70), tint: RGBA(1, 1, 1, 0.85), scale: 2)

    // The looks of today's Home Screens and desktop. Widgets in them are drawn in the accented mode,
    // their own background replaced by the system's plate; the plate and tint colours are
    // representative values (the user picks the tint), not measured from a device.

    /// iOS 18's tinted Home Screen: a dark plate, content in the user's tint.
    public static let iPhoneHomeScreenTinted = iPhoneHomeScreenLook(
        id: "iphone-home-tinted", name: "iPhone home screen (tinted, iOS 18)", plate: RGBA(0.13, 0.11, 0.09), tint: RGBA(1, 0.78, 0.42))

    /// iOS 26's clear Liquid Glass look: a light glass plate over the wallpaper, content in white.
    public static let iPhoneHomeScreenClear = iPhoneHomeScreenLook(
        id: "iphone-home-clear", name: "iPhone home screen (clear glass, iOS 26)", plate: RGBA(0.52, 0.64, 0.82), tint: RGBA(1, 1, 1, 0.95))

    /// iOS 26's tinted Liquid Glass look: the glass plate tinted, content in a light shade of the tint.
    public static let iPhoneHomeScreenTintedGlass = iPhoneHomeScreenLook(
        id: "iphone-home-tinted-glass", name: "iPhone home screen (tinted glass, iOS 26)", plate: RGBA(0.27, 0.36, 0.55), tint: RGBA(0.78, 0.87, 1))

    /// The iPhone home screen in one of its accented looks: its sizes, the background replaced by `plate`.
    private static func iPhoneHomeScreenLook(id: String, name: String, plate: RGBA, tint: RGBA) -> Placement {
        Placement(
            id: id, name: name, platform: .iOS, sizes: iPhoneHomeScreen.sizes, margins: iPhoneHomeScreen.margins,
            marginsWithoutBackground: 16, cornerRadius: iPhoneHomeScreen.cornerRadius, removesContainerBackground: true,
            renderingMode: .accented, colorScheme: .dark, backdrop: plate, tint: tint, scale: 3, location: .homeScreen)
    }

    /// macOS 26's clear Liquid Glass desktop.
    public static let macDesktopClear = Placement(
        id: "mac-desktop-clear", name: "Mac desktop (clear glass, macOS 26)", platform: .macOS,
        sizes: macDesktop.sizes, margins: macDesktop.margins, marginsWithoutBackground: 16,
        cornerRadius: macDesktop.cornerRadius, removesContainerBackground: true, renderingMode: .accented,
        colorScheme: .dark, backdrop: RGBA(0.58, 0.65, 0.76), tint: RGBA(1, 1, 1, 0.95), scale: 2)

    public static let watchFace = Placement(
        id: "watch-face", name: "Apple Watch face", platform: .watchOS,
        sizes: [.accessoryCircular: Size(width: 50, height: 50), .accessoryRectangular: Size(width: 178, height: 78),
                .accessoryInline: Size(width: 178, height: 22), .accessoryCorner: Size(width: 44, height: 44)],
        margins: [:], marginsWithoutBackground: 0,
        cornerRadius: [.accessoryCircular: 25, .accessoryRectangular: 10, .accessoryInline: 0, .accessoryCorner: 22],
        removesContainerBackground: true, renderingMode: .accented, colorScheme: .dark,
        backdrop: .black, tint: RGBA(1, 0.62, 0.04), scale: 2)

    public static let watchSmartStack = Placement(
        id: "watch-smart-stack", name: "Apple Watch Smart Stack", platform: .watchOS,
        sizes: [.accessoryRectangular: Size(width: 184, height: 86)],
        margins: [.accessoryRectangular: 8], marginsWithoutBackground: 8,
        cornerRadius: [.accessoryRectangular: 22],
        removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: RGBA(0.11, 0.11, 0.12), tint: .white, scale: 2)

    /// Every placement, in the order `widget-host` lists them.
    public static let all: [Placement] = [
        .iPhoneHomeScreen, .iPhoneHomeScreenTinted, .iPhoneHomeScreenClear, .iPhoneHomeScreenTintedGlass, .iPhoneLockScreen,
        .standByDay, .standByNight, .iPadHomeScreen, .iPadLockScreen, .macDesktop, .macDesktopTinted, .macDesktopClear,
        .watchFace, .watchSmartStack, .carPlay,
    ] + visionPlacements + controlPlacements + activityPlacements

    /// A placement by id; `iphone-home@iphone-se` is the iPhone home screen on that model.
    public static func named(_ id: String) -> Placement? {
        guard let (base, model) = split(id), let placement = all.first(where: { $0.id == base }) else { return nil }
        guard let model else { return placement }
        let moved = placement.on(model)
        return moved.id == id ? moved : nil
    }

    /// Where a family is naturally shown: the home screen for system families, the lock screen for
    /// accessories, the watch face for `accessoryCorner`.
    public static func natural(for family: WidgetFamily) -> Placement {
        switch family {
        case .systemSmall, .systemMedium, .systemLarge: .iPhoneHomeScreen
        case .systemExtraLarge: .iPadHomeScreen
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: .iPhoneLockScreen
        case .accessoryCorner: .watchFace
        case ._control: .controlCenterMedium
        case .systemExtraLargePortrait: .visionWallElevated
        case ._activityMedium: .activityLockScreen
        case ._activitySmall: .activitySmartStack
        case ._islandCompactLeading, ._islandCompactTrailing: .islandCompact
        case ._islandMinimal: .islandMinimal
        case ._islandExpandedLeading, ._islandExpandedTrailing, ._islandExpandedCenter, ._islandExpandedBottom: .islandExpanded
        }
    }
}
