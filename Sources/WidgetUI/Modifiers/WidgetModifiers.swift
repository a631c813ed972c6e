import Foundation
import WidgetArchive

/// `ContainerBackgroundPlacement`: where `.containerBackground(for:)` puts a background.
public struct ContainerBackgroundPlacement: Hashable, Sendable {
    let name: String
    public static let widget = ContainerBackgroundPlacement(name: "widget")
}

nonisolated extension View {
    /// `.widgetURL(_:)`: where a tap on the widget opens the app.
    public func widgetURL(_ url: URL?) -> some View { archived(node: { _ in url.map { .widgetURL($0.absoluteString) } }) }

    /// `.widgetAccentable(_:)`: put this subtree in the accent group in accented rendering mode.
    public func widgetAccentable(_ accentable: Bool = true) -> some View { archived(.accentable(accentable)) }

    /// `.privacySensitive(_:)`: redact this subtree when the device is locked and redaction is on.
    public func privacySensitive(_ sensitive: Bool = true) -> some View { archived(.privacySensitive(sensitive)) }

    /// `.invalidatableContent(_:)`: show the invalid effect between a tap and the next entry.
    public func invalidatableContent(_ invalidatable: Bool = true) -> some View { archived(.invalidatable(invalidatable)) }

    /// `.containerBackground(for:alignment:content:)`: the widget's removable background.
    public func containerBackground<V: View>(for placement: ContainerBackgroundPlacement, alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let view = content()
        return archived(node: { .containerBackground($0.node(of: view)) })
    }

    /// `.containerBackground(_:for:)` with a shape style.
    public func containerBackground<S: ShapeStyle>(_ style: S, for placement: ContainerBackgroundPlacement) -> some View {
        archived(.containerBackground(.shape(ShapeNode(kind: .rectangle, fill: style._paint))))
    }
}

nonisolated extension View {
    /// `.widgetLabel(_:)`: the label an accessory widget shows outside its bounds on a watch face (a
    /// corner's curved text). The host draws the widget alone; the label is reported.
    public func widgetLabel(_ label: LocalizedStringKey) -> some View { inert(".widgetLabel") }
    @_disfavoredOverload
    public func widgetLabel<S: StringProtocol>(_ label: S) -> some View { inert(".widgetLabel") }
    public func widgetLabel<Label: View>(@ViewBuilder label: () -> Label) -> some View { inert(".widgetLabel") }

    /// `.widgetCurvesContent(_:)` (watchOS corner): drawn straight here.
    public func widgetCurvesContent(_ curves: Bool = true) -> some View { self }

    /// `.textScale(_:)`.
    public func textScale(_ scale: Text.Scale, isEnabled: Bool = true) -> some View { self }
}

extension Text {
    /// `Text.Scale`.
    public enum Scale: Hashable, Sendable { case `default`, secondary }
}

extension Image {
    /// `.widgetAccentedRenderingMode(_:)` (iOS 18): how the image is drawn in the accented mode. `nil`
    /// is the system's default (a silhouette in the default group's colour).
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> Image {
        var copy = self
        copy.accentedMode = mode?.mode
        return copy
    }
}

/// `WidgetAccentedRenderingMode`.
public struct WidgetAccentedRenderingMode: Hashable, Sendable {
    let mode: AccentedImageMode
    public static let accented = WidgetAccentedRenderingMode(mode: .accented)
    public static let desaturated = WidgetAccentedRenderingMode(mode: .desaturated)
    public static let accentedDesaturated = WidgetAccentedRenderingMode(mode: .accentedDesaturated)
    public static let fullColor = WidgetAccentedRenderingMode(mode: .fullColor)
}
