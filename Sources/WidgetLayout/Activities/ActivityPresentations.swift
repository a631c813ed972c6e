import Foundation
import WidgetArchive

/// One Live Activity's presentations for its current content, decoded: each presentation's archives
/// (one per variant the host asked for) and how the configuration places them. What
/// `ActivityRenderer` draws from.
public struct ActivityPresentations: Hashable, Sendable {
    public var archives: [WidgetArchiveValue]
    public var layout: ActivityLayoutOptions

    public init(archives: [WidgetArchiveValue], layout: ActivityLayoutOptions = ActivityLayoutOptions()) {
        self.archives = archives
        self.layout = layout
    }

    /// The presentations there are archives of.
    public var families: Set<WidgetFamily> { Set(archives.map(\.family)) }

    /// The archive of `family` best matching a scheme and rendering mode: exact, else the same scheme,
    /// else the same rendering mode, else the first.
    public func archive(_ family: WidgetFamily, colorScheme: ColorScheme, renderingMode: WidgetRenderingMode) -> WidgetArchiveValue? {
        let candidates = archives.filter { $0.family == family }
        return candidates.first { $0.variant.colorScheme == colorScheme && $0.variant.renderingMode == renderingMode }
            ?? candidates.first { $0.variant.colorScheme == colorScheme }
            ?? candidates.first { $0.variant.renderingMode == renderingMode }
            ?? candidates.first
    }

    /// The variants the host asks an extension for, per presentation: the Lock Screen's in the light
    /// and dark schemes (and StandBy's night, vibrant), the island's and the small view's dark, as the
    /// places that show them draw.
    public static func variants(for family: WidgetFamily) -> [EnvironmentVariant] {
        let dark = EnvironmentVariant(renderingMode: .fullColor, colorScheme: .dark, showsContainerBackground: false)
        switch family {
        case ._activityMedium:
            return [EnvironmentVariant(renderingMode: .fullColor, colorScheme: .light, showsContainerBackground: true),
                    EnvironmentVariant(renderingMode: .fullColor, colorScheme: .dark, showsContainerBackground: true),
                    EnvironmentVariant(renderingMode: .vibrant, colorScheme: .dark, showsContainerBackground: false)]
        case ._activitySmall:
            return [EnvironmentVariant(renderingMode: .fullColor, colorScheme: .dark, showsContainerBackground: true)]
        default:
            return [dark]
        }
    }
}
