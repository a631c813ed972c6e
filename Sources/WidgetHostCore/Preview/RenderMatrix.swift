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
        /// The device's text size, direction and locale (standard but for the device axes' cells).
        public var device: DeviceSettings = .standard

        public init(family: WidgetFamily, placement: Placement, colorScheme: ColorScheme, flags: ConfigurationFlags,
                    device: DeviceSettings = .standard) {
            self.family = family
            self.placement = placement
            self.colorScheme = colorScheme
            self.flags = flags
            self.device = device
        }

        /// The widget keeps its background where placements remove it (`containerBackgroundRemovable(false)`).
        public var backgroundNotRemovable: Bool { flags.contains(.backgroundNotRemovable) }

        public var renderingMode: WidgetRenderingMode { placement.renderingMode }

        /// `systemSmall-iphone-home-fullColor-dark`: a file name, and a row of the contact sheet.
        /// With device settings: `systemSmall-iphone-home-fullColor-light-AX3`.
        public var name: String {
            let base = "\(family.rawValue)-\(placement.id)-\(renderingMode)-\(colorScheme)"
            return device.isStandard ? base : base + "-" + device.description
        }

        /// What the extension archives for this cell.
        public var variant: EnvironmentVariant {
            var variant = placement.variant(flags: flags, colorScheme: colorScheme)
            variant.device = device
            return variant
        }

        /// How the host lays it out at `date`.
        public func context(at date: Date) -> RenderContext {
            RenderContext(placement: placement, family: family, date: date, colorScheme: colorScheme, renderingMode: renderingMode,
                          device: device)
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
    public static func cells(for widget: WidgetDescriptor, placements: [Placement] = Placement.all,
                             axes: DeviceAxes = .none) -> (cells: [Cell], leftOut: [LeftOut]) {
        var leftOut: [LeftOut] = []
        let all = cells(families: widget.families, flags: widget.flags, placements: placements).filter { cell in
            guard let reason = exclusion(of: widget, cell.family, cell.placement) else { return true }
            let out = LeftOut(family: cell.family, placement: cell.placement, reason: reason)
            if !leftOut.contains(out) { leftOut.append(out) }
            return false
        }
        return (all + deviceCells(all, axes: axes), leftOut)
    }

    /// One cell per family and device variation, after the family's standard cells: in the family's
    /// natural placement when the matrix shows it there (else its first placement), in that cell's
    /// scheme.
    static func deviceCells(_ standard: [Cell], axes: DeviceAxes) -> [Cell] {
        let variations = axes.variations
        guard !variations.isEmpty || !axes.models.isEmpty else { return [] }
        var families: [WidgetFamily] = []
        for cell in standard where !families.contains(cell.family) { families.append(cell.family) }
        return families.flatMap { family -> [Cell] in
            let shown = standard.filter { $0.family == family }
            guard let base = shown.first(where: { $0.placement.id == Placement.natural(for: family).id }) ?? shown.first else { return [] }
            let settings = variations.map { device in
                var cell = base
                cell.device = device
                return cell
            }
            // The same placement on another iPhone, where that changes the family's size.
            let models = axes.models.compactMap { model -> Cell? in
                let moved = base.placement.on(model)
                guard moved.size(for: family) != base.placement.size(for: family) else { return nil }
                var cell = base
                cell.placement = moved
                return cell
            }
            return settings + models
        }
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
