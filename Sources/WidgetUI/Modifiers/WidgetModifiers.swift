import Foundation
import WidgetArchive

/// `ContainerBackgroundPlacement`: where `.containerBackground(for:)` puts a background.
public struct ContainerBackgroundPlacement: Hashable, Sendable {
    let name: String
    public static let widget = ContainerBackgroundPlacement(name: "widget")
}

extension View {
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
