import Foundation
import WidgetArchive

/// `Image`: by system symbol name or by asset name in the extension's resources.
public nonisolated struct Image: View, Hashable, Sendable {
    var node: ImageNode

    public init(systemName: String) { node = ImageNode(source: .system(systemName)) }
    public init(_ name: String, bundle: Bundle? = nil) { node = ImageNode(source: .asset(name)) }
    public init(decorative name: String, bundle: Bundle? = nil) { node = ImageNode(source: .asset(name)) }
    public init(_ name: String, bundle: Bundle? = nil, label: Text) { node = ImageNode(source: .asset(name)) }
    /// `Image(systemName:variableValue:)`: symbols are drawn as stand-ins, whatever their value.
    public init(systemName: String, variableValue: Double?) { node = ImageNode(source: .system(systemName)) }

    /// For the UIKit bridge (`Image(uiImage:)`): encoded bytes, drawn by the host when they are PNG or JPEG.
    public init(_encoded bytes: [UInt8], isDrawable: Bool) {
        node = ImageNode(source: .data(bytes))
        undrawable = !isDrawable
    }

    private var undrawable = false
    /// `.widgetAccentedRenderingMode(_:)`, archived around the image.
    var accentedMode: AccentedImageMode?
    /// `.symbolRenderingMode(_:)` on the image itself, archived around it.
    var symbolMode: SymbolRenderingModeValue?

    /// `Image.TemplateRenderingMode`.
    public enum TemplateRenderingMode: Hashable, Sendable { case template, original }

    /// `Image.ResizingMode`.
    public enum ResizingMode: Hashable, Sendable { case tile, stretch }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = self
        copy.node.resizable = true
        return copy
    }

    /// `.interpolation(_:)` and `.antialiased(_:)`: drawing quality, the same here.
    public func interpolation(_ interpolation: Interpolation) -> Image { self }
    public func antialiased(_ isAntialiased: Bool) -> Image { self }
    /// `.symbolRenderingMode(_:)` on an image.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        var copy = self
        copy.symbolMode = mode?.value
        return copy
    }

    /// `Image.Interpolation`.
    public enum Interpolation: Hashable, Sendable { case none, low, medium, high }

    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var copy = self
        copy.node.template = mode == .template
        return copy
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        if case .asset(let name) = node.source { CatalogAssets.shared.checkImage(named: name) }
        if undrawable { builder.warn("an image made from data that is not PNG or JPEG (HEIC, GIF, WebP…) draws as a placeholder: the host decodes PNG, JPEG and PDF") }
        var node = self.node
        if case .system(let name) = node.source { node.source = .system(builder.environment.symbolVariants.applied(to: name)) }
        var archived = ViewNode.image(node)
        if let symbolMode { archived = .modified(archived, .symbolRenderingMode(symbolMode)) }
        builder.append(accentedMode.map { .modified(archived, .accentedImageMode($0)) } ?? archived)
    }
}
