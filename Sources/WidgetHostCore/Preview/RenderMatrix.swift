import Foundation
import WidgetArchive
import WidgetLayout
import WidgetProtocol

/// Every way a widget can be seen: each family it supports × each placement that shows the family
/// (whose rendering mode it takes) × the colour schemes that placement can have. A placement that
/// shows the widget's own background (home screens, the desktop) is seen in light and dark; one that
/// removes it (Lock Screen, StandBy, watch faces) has the scheme it always has. `preview --matrix`
/// renders it into the contact sheet, and `WidgetTesting` snapshots it in one call.
public enum RenderMatrix {
    public struct Cell: Hashable, Sendable {
        public var family: WidgetFamily
        public var placement: Placement
        public var colorScheme: ColorScheme
        /// The widget's configuration flags (which decide whether its background is removable, and
        /// on visionOS its coating).
        public var flags: ConfigurationFlags

        /// The widget keeps its background where placements remove it (`containerBackgroundRemovable(false)`).
        public var backgroundNotRemovable: Bool { flags.contains(.backgroundNotRemovable) }

        public var renderingMode: WidgetRenderingMode { placement.renderingMode }

        /// `systemSmall-iphone-home-fullColor-dark`: a file name, and a row of the contact sheet.
        public var name: String { "\(family.rawValue)-\(placement.id)-\(renderingMode)-\(colorScheme)" }

        /// What the extension archives for this cell.
        public var variant: EnvironmentVariant { placement.variant(flags: flags, colorScheme: colorScheme) }

        /// How the host lays it out at `date`.
        public func context(at date: Date) -> RenderContext {
            RenderContext(placement: placement, family: family, date: date, colorScheme: colorScheme, renderingMode: renderingMode)
        }
    }

    public static func cells(families: [WidgetFamily], backgroundNotRemovable: Bool = false,
                             placements: [Placement] = Placement.all) -> [Cell] {
        cells(families: families, flags: backgroundNotRemovable ? [.backgroundNotRemovable] : [], placements: placements)
    }

    static func cells(families: [WidgetFamily], flags: ConfigurationFlags, placements: [Placement]) -> [Cell] {
        families.flatMap { family in
            placements.filter { $0.sizes[family] != nil }.flatMap { placement in
                schemes(placement).map { Cell(family: family, placement: placement, colorScheme: $0, flags: flags) }
            }
        }
    }

    /// A family and placement the matrix leaves out for a widget, and why.
    public struct LeftOut: Hashable, Sendable {
        public var family: WidgetFamily
        public var placement: Placement
        public var reason: String
    }

    /// The widget's matrix as its configuration allows: without the places it disfavors
    /// (`disfavoredLocations(_:for:)`) or cannot be mounted in (visionOS), which are listed instead.
    public static func cells(for widget: WidgetDescriptor, placements: [Placement] = Placement.all) -> (cells: [Cell], leftOut: [LeftOut]) {
        var leftOut: [LeftOut] = []
        let all = cells(families: widget.families, flags: widget.flags, placements: placements).filter { cell in
            guard let reason = exclusion(of: widget, cell.family, cell.placement) else { return true }
            let out = LeftOut(family: cell.family, placement: cell.placement, reason: reason)
            if !leftOut.contains(out) { leftOut.append(out) }
            return false
        }
        return (all, leftOut)
    }

    /// Why `widget` is not shown in `family` at `placement`, if it is not.
    public static func exclusion(of widget: WidgetDescriptor, _ family: WidgetFamily, _ placement: Placement) -> String? {
        if let refusal = placement.refusal(for: widget.flags) { return refusal }
        if let location = placement.location, widget.disfavors(family, at: location) { return "disfavored at \(location)" }
        return nil
    }

    private static func schemes(_ placement: Placement) -> [ColorScheme] {
        placement.removesContainerBackground ? [placement.colorScheme] : [.light, .dark]
    }
}
