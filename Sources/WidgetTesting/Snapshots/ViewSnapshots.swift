import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender
import WidgetUI

/// How a view alone is laid out for a snapshot, as swift-snapshot-testing lays out SwiftUI views:
/// offered a fixed size and centred in it, or at the size it asks for.
public enum ViewSnapshotLayout: Hashable, Sendable {
    case fixed(width: Double, height: Double)
    case sizeThatFits
}

/// A SwiftUI view drawn alone, in this process: a widget's component (a row, a badge, a gauge)
/// tested without a running extension, and what the fidelity tool compares with iOS's own renders.
/// The view is evaluated here (its body runs in the test's process), laid out and drawn by the
/// host's renderer, with no widget container around it.
public enum ViewRendering {
    public static func renderTree<V: View>(
        of view: V, layout: ViewSnapshotLayout, colorScheme: ColorScheme = .light, scale: Double = 3,
        background: RGBA? = nil, date: Date = Date(timeIntervalSince1970: 0), device: DeviceSettings = .standard
    ) -> RenderTree {
        var environment = EnvironmentValues()
        environment.colorScheme = colorScheme
        environment.apply(device)
        let context = RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: date, colorScheme: colorScheme, device: device)
        let viewLayout: ViewLayout
        switch layout {
        case .fixed(let width, let height): viewLayout = .fixed(Size(width: width, height: height))
        case .sizeThatFits: viewLayout = .sizeThatFits
        }
        // A GeometryReader is given the size layout finds for it, as in an extension.
        let (root, _) = ViewArchiver.archive(view, environment: environment) { tree in
            GeometryResolution.frames(WidgetRenderer.probeFrames(tree, layout: viewLayout, context: context))
        }
        var tree = WidgetRenderer.renderView(root, layout: viewLayout, context: context, background: background)
        tree.scale = scale
        return tree
    }
}

extension Snapshotting where Value: View {
    /// A view drawn alone as a PNG (see `ViewRendering`): `assertSnapshot(of: BadgeView(count: 3),
    /// as: .png(layout: .fixed(width: 60, height: 60)))`; on a device with other settings,
    /// `.png(layout: …, device: DeviceSettings(textSize: .accessibility3))`.
    public static func png(
        layout: ViewSnapshotLayout, colorScheme: ColorScheme = .light, scale: Double = 3, background: RGBA? = nil,
        device: DeviceSettings = .standard, tolerance: Double = 0, channelTolerance: UInt8 = 0
    ) -> Snapshotting {
        Snapshotting<RenderTree>.png(tolerance: tolerance, channelTolerance: channelTolerance).pullback { (view: Value) in
            ViewRendering.renderTree(of: view, layout: layout, colorScheme: colorScheme, scale: scale, background: background, device: device)
        }
    }
}
