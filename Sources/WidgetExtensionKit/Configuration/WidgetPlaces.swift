import Foundation
import WidgetArchive

/// `WidgetLocation`: where a widget is shown, for `disfavoredLocations(_:for:)`.
public struct WidgetLocation: Hashable, Sendable {
    let location: PlacementLocation
    /// The Home Screen or Today View.
    public static let homeScreen = WidgetLocation(location: .homeScreen)
    public static let lockScreen = WidgetLocation(location: .lockScreen)
    public static let standBy = WidgetLocation(location: .standBy)
    /// An iPhone's widget shown on a Mac.
    public static let iPhoneWidgetsOnMac = WidgetLocation(location: .iPhoneWidgetsOnMac)
    /// CarPlay (iOS 26): `systemSmall` in a StandBy-like look, with the iPhone usually locked.
    public static let carPlay = WidgetLocation(location: .carPlay)
}

/// `WidgetMountingStyle` (visionOS 26): how a widget sits on a wall or table.
public struct WidgetMountingStyle: Hashable, Sendable {
    let name: String
    /// Surrounded by a frame of composite material; on a wall or a table.
    public static let elevated = WidgetMountingStyle(name: "elevated")
    /// Shown within a recessed portal in the wall; walls only.
    public static let recessed = WidgetMountingStyle(name: "recessed")
}

/// `WidgetTexture` (visionOS 26): the coating over a widget.
public struct WidgetTexture: Hashable, Sendable {
    let name: String
    /// Reflective, clear glass: the default.
    public static let glass = WidgetTexture(name: "glass")
    /// Matte, paper-like: a poster's look.
    public static let paper = WidgetTexture(name: "paper")
}

extension WidgetConfiguration {
    /// `.disfavoredLocations(_:for:)`: `preview` leaves these out of the natural renders (listing them
    /// as disfavored) and `run` warns of them; in CarPlay their taps are refused, as the system
    /// disables interaction with a disfavored widget there. Calls add up.
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> some WidgetConfiguration {
        modified { widget in
            for location in locations {
                var listed = widget.disfavoredLocations[location.location] ?? []
                for family in families where !listed.contains(family) { listed.append(family) }
                widget.disfavoredLocations[location.location] = listed
            }
        }
    }

    /// `.supportedMountingStyles(_:)` (visionOS): a widget that is only recessed cannot be placed on a
    /// table; the host refuses such a placement.
    public func supportedMountingStyles(_ styles: [WidgetMountingStyle]) -> some WidgetConfiguration {
        modified { widget in
            widget.flags.remove([.notElevated, .notRecessed])
            if !styles.contains(.elevated) { widget.flags.insert(.notElevated) }
            if !styles.contains(.recessed) { widget.flags.insert(.notRecessed) }
        }
    }

    /// `.widgetTexture(_:)` (visionOS): glass, the default, or paper.
    public func widgetTexture(_ material: WidgetTexture) -> some WidgetConfiguration {
        modified { widget in
            if material == .paper { widget.flags.insert(.paperTexture) } else { widget.flags.remove(.paperTexture) }
        }
    }
}
