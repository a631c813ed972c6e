import Foundation
import WidgetArchive
import WidgetLayout

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
        /// The widget keeps its background where placements remove it (`containerBackgroundRemovable(false)`).
        public var backgroundNotRemovable: Bool

        public var renderingMode: WidgetRenderingMode { placement.renderingMode }

        /// `systemSmall-iphone-home-fullColor-dark`: a file name, and a row of the contact sheet.
        public var name: String { "\(family.rawValue)-\(placement.id)-\(renderingMode)-\(colorScheme)" }

        /// What the extension archives for this cell.
        public var variant: EnvironmentVariant {
            EnvironmentVariant(renderingMode: renderingMode, colorScheme: colorScheme,
                               showsContainerBackground: !placement.removesContainerBackground || backgroundNotRemovable)
        }

        /// How the host lays it out at `date`.
        public func context(at date: Date) -> RenderContext {
            RenderContext(placement: placement, family: family, date: date, colorScheme: colorScheme, renderingMode: renderingMode)
        }
    }

    public static func cells(families: [WidgetFamily], backgroundNotRemovable: Bool = false,
                             placements: [Placement] = Placement.all) -> [Cell] {
        families.flatMap { family in
            placements.filter { $0.sizes[family] != nil }.flatMap { placement in
                schemes(placement).map { Cell(family: family, placement: placement, colorScheme: $0, backgroundNotRemovable: backgroundNotRemovable) }
            }
        }
    }

    private static func schemes(_ placement: Placement) -> [ColorScheme] {
        placement.removesContainerBackground ? [placement.colorScheme] : [.light, .dark]
    }
}
