import WidgetArchive

// visionOS 26 and CarPlay (iOS 26). Sources: WidgetKit documentation, "Updating your widgets for
// visionOS" (system families only, systemExtraLargePortrait, mounting styles and textures, level of
// detail by distance) and "Adding StandBy and CarPlay support to your widget" (systemSmall only, a
// StandBy-like look without the removable background, the iPhone usually locked). Apple gives widget
// sizes on visionOS in physical units and none in points for CarPlay: the point sizes here are
// representative, at the iPad's for visionOS and StandBy's for CarPlay.
extension Placement {
    private static let visionSizes: [WidgetFamily: Size] = [
        .systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 379, height: 170),
        .systemLarge: Size(width: 379, height: 379), .systemExtraLarge: Size(width: 795, height: 379),
        .systemExtraLargePortrait: Size(width: 379, height: 795),
    ]

    private static func vision(id: String, name: String, style: Mounting.Style, horizontal: Bool, distance: Double) -> Placement {
        let families = Array(visionSizes.keys)
        return Placement(
            id: id, name: name, platform: .visionOS, sizes: visionSizes,
            margins: Dictionary(uniqueKeysWithValues: families.map { ($0, 16) }), marginsWithoutBackground: 16,
            cornerRadius: Dictionary(uniqueKeysWithValues: families.map { ($0, style == .recessed ? 12 : 26) }),
            removesContainerBackground: false, renderingMode: .fullColor, colorScheme: .light,
            backdrop: horizontal ? RGBA(0.62, 0.55, 0.47) : RGBA(0.84, 0.82, 0.78), tint: .white, scale: 2,
            mounting: Mounting(style: style, isHorizontalSurface: horizontal, viewingDistance: distance))
    }

    /// On a wall, elevated (framed in composite material), viewed from arm's length.
    public static let visionWallElevated = vision(
        id: "vision-wall-elevated", name: "Apple Vision Pro wall (elevated)", style: .elevated, horizontal: false, distance: 1)

    /// On a wall, recessed: a portal into the wall.
    public static let visionWallRecessed = vision(
        id: "vision-wall-recessed", name: "Apple Vision Pro wall (recessed)", style: .recessed, horizontal: false, distance: 1)

    /// On a table: elevated only.
    public static let visionTable = vision(
        id: "vision-table", name: "Apple Vision Pro table (elevated)", style: .elevated, horizontal: true, distance: 0.8)

    /// On a wall across the room: beyond the distance where the simplified level of detail is asked for.
    public static let visionWallFar = vision(
        id: "vision-wall-far", name: "Apple Vision Pro wall, across the room (simplified)", style: .elevated, horizontal: false,
        distance: 3.5)

    public static let visionPlacements: [Placement] = [.visionWallElevated, .visionWallRecessed, .visionTable, .visionWallFar]

    /// CarPlay's widget page: systemSmall, StandBy-like (the removable background removed), dark, the
    /// iPhone locked.
    public static let carPlay = Placement(
        id: "carplay", name: "CarPlay", platform: .iOS,
        sizes: [.systemSmall: Size(width: 158, height: 158)], margins: [.systemSmall: 16], marginsWithoutBackground: 8,
        cornerRadius: [.systemSmall: 21.67], removesContainerBackground: true, renderingMode: .fullColor, colorScheme: .dark,
        backdrop: RGBA(0.07, 0.07, 0.08), tint: .white, scale: 2, isDeviceLocked: true, location: .carPlay)
}
