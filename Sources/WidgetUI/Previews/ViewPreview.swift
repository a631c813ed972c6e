import Foundation
import WidgetArchive

/// The type `#Preview { … }` expands to a conformance of; the extension finds these at run time.
public protocol _ViewPreviewDeclaration {
    static var _preview: _ViewPreview { get }
}

/// A view preview as `#Preview` declares it: a name and the view.
public struct _ViewPreview {
    package let name: String?
    package let makeView: () -> AnyView

    public init(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>..., @ViewBuilder body: @escaping () -> any View) {
        self.name = name
        self.makeView = { AnyView(opening: body()) }
    }
}

extension AnyView {
    /// Erases a view that is already an existential.
    init(opening view: any View) {
        func erase<V: View>(_ view: V) -> AnyView { AnyView(view) }
        self = erase(view)
    }
}

/// `Preview`: the namespace of preview traits (on Apple's platforms, also the value previews build).
public struct Preview {
    /// The traits a view preview takes.
    public enum ViewTraits {}
}

/// `PreviewTrait`: how a preview is shown. A widget preview is always shown at its family's size, so
/// layouts and orientations change nothing here.
public struct PreviewTrait<T> {
    let name: String
}

extension PreviewTrait where T == Preview.ViewTraits {
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(name: "sizeThatFitsLayout") }
    public static var defaultLayout: PreviewTrait { PreviewTrait(name: "defaultLayout") }
    public static var portrait: PreviewTrait { PreviewTrait(name: "portrait") }
    public static var landscapeLeft: PreviewTrait { PreviewTrait(name: "landscapeLeft") }
    public static var landscapeRight: PreviewTrait { PreviewTrait(name: "landscapeRight") }
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait(name: "fixedLayout") }
}

/// `#Preview("Name") { SomeView() }`: a view preview. `widget-host preview` renders it as a widget
/// of the family its `.previewContext(_:)` names (systemSmall otherwise).
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>..., @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "WidgetMacros", type: "ViewPreviewMacro")

/// `@Previewable @State var value = …` inside `#Preview`: state the preview's view reads. The preview
/// macro keeps the declaration as a local variable of the preview's body (see `WidgetMacros`).
@attached(peer)
public macro Previewable() = #externalMacro(module: "WidgetMacros", type: "NoExpansionMacro")
