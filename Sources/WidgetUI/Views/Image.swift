import Foundation
import WidgetArchive

/// `Image`: by system symbol name or by asset name in the extension's resources.
public struct Image: View, Hashable, Sendable {
    var node: ImageNode

    public init(systemName: String) { node = ImageNode(source: .system(systemName)) }
    public init(_ name: String, bundle: Bundle? = nil) { node = ImageNode(source: .asset(name)) }
    public init(decorative name: String, bundle: Bundle? = nil) { node = ImageNode(source: .asset(name)) }

    /// `Image.TemplateRenderingMode`.
    public enum TemplateRenderingMode: Hashable, Sendable { case template, original }

    /// `Image.ResizingMode`.
    public enum ResizingMode: Hashable, Sendable { case tile, stretch }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = self
        copy.node.resizable = true
        return copy
    }

    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var copy = self
        copy.node.template = mode == .template
        return copy
    }

    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        if case .asset(let name) = node.source { CatalogAssets.shared.checkImage(named: name) }
        builder.append(.image(node))
    }
}
