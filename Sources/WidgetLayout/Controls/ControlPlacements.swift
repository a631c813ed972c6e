import WidgetArchive

// Where controls are shown (iOS 18, macOS 26). A control is one template; each place draws it its own
// way (`ControlPresentation`). Sources: Apple Human Interface Guidelines, "Controls"; WWDC24 "Extend
// your app's controls across the system"; WidgetKit documentation, "Creating controls to perform
// actions across the system". Control Center's sizes are its grid on an iPhone 15 Pro class device
// (one module, two modules wide, two by two); the Lock Screen's are its two corner buttons; the Action
// button's is the Dynamic Island as it shows the control; the menu bar's is one status item. The
// guidelines give no figures: these are measured from screenshots and rounded, representative values.
extension Placement {
    /// Control Center, one module: the symbol in a circle.
    public static let controlCenterSmall = controlPlacement(
        id: "control-center-small", name: "Control Center (small control)", size: Size(width: 68, height: 68), corner: 34,
        look: .symbol)

    /// Control Center, two modules wide: symbol, title and value.
    public static let controlCenterMedium = controlPlacement(
        id: "control-center-medium", name: "Control Center (medium control)", size: Size(width: 151, height: 68), corner: 34,
        look: .row)

    /// Control Center opened from the Lock Screen, two modules wide: the device is locked, so a
    /// privacy-sensitive value is redacted.
    public static let controlCenterLocked = controlPlacement(
        id: "control-center-locked", name: "Control Center while locked (medium control)", size: Size(width: 151, height: 68),
        corner: 34, look: .row, locked: true)

    /// Control Center, two modules by two: symbol at the top, title and value below.
    public static let controlCenterLarge = controlPlacement(
        id: "control-center-large", name: "Control Center (large control)", size: Size(width: 151, height: 151), corner: 34,
        look: .tile)

    /// A Lock Screen corner button, where the flashlight and camera are by default. The device is locked.
    public static let lockScreenControl = Placement(
        id: "iphone-lock-control", name: "iPhone lock screen (control)", platform: .iOS,
        sizes: [._control: Size(width: 50, height: 50)], margins: [:], marginsWithoutBackground: 0,
        cornerRadius: [._control: 25], removesContainerBackground: true, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: RGBA(0.13, 0.17, 0.30), tint: .white, scale: 3, isDeviceLocked: true, controlLook: .lockScreenButton)

    /// The Action button: pressing it shows the control in the Dynamic Island, with the action hint.
    public static let actionButton = Placement(
        id: "action-button", name: "Action button (Dynamic Island)", platform: .iOS,
        sizes: [._control: Size(width: 250, height: 50)], margins: [:], marginsWithoutBackground: 0,
        cornerRadius: [._control: 25], removesContainerBackground: true, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: .black, tint: .white, scale: 3, controlLook: .island)

    /// The Mac menu bar (macOS 26): a status item showing the symbol.
    public static let macMenuBar = Placement(
        id: "mac-menu-bar", name: "Mac menu bar (control)", platform: .macOS,
        sizes: [._control: Size(width: 32, height: 24)], margins: [:], marginsWithoutBackground: 0,
        cornerRadius: [._control: 5], removesContainerBackground: true, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: RGBA(0.16, 0.16, 0.18), tint: .white, scale: 2, controlLook: .menuBarItem)

    /// Every place a control is shown, in the order `widget-host placements` lists them.
    public static let controlPlacements: [Placement] = [
        .controlCenterSmall, .controlCenterMedium, .controlCenterLarge, .controlCenterLocked, .lockScreenControl, .actionButton,
        .macMenuBar,
    ]

    private static func controlPlacement(id: String, name: String, size: Size, corner: Double, look: ControlLook, locked: Bool = false) -> Placement {
        Placement(
            id: id, name: name, platform: .iOS, sizes: [._control: size], margins: [:], marginsWithoutBackground: 0,
            cornerRadius: [._control: corner], removesContainerBackground: true, renderingMode: .fullColor, colorScheme: .dark,
            backdrop: RGBA(0.20, 0.22, 0.27), tint: .white, scale: 3, isDeviceLocked: locked, controlLook: look)
    }
}

/// How a place draws a control's template.
public enum ControlLook: String, Hashable, Sendable {
    /// The symbol alone in a circle (Control Center's small size).
    case symbol
    /// Symbol, then title and value beside it (Control Center's medium size).
    case row
    /// Symbol at the top, title and value at the bottom (Control Center's large size).
    case tile
    /// A Lock Screen corner button: the symbol in a glass circle.
    case lockScreenButton
    /// The Dynamic Island as the Action button runs the control: symbol, title, hint or status.
    case island
    /// A menu bar status item: the symbol, highlighted while a toggle is on.
    case menuBarItem
}
