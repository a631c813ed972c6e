import Foundation
import WidgetArchive

/// `ViewModifier`: a reusable change to a view. Custom modifiers write `body(content:)`; the built-in
/// ones archive themselves as `ViewModifierNode`s.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body

    /// Archives `content` with this modifier applied. The default evaluates `body(content:)`.
    func _archive(content: _ViewModifier_Content<Self>, into builder: inout ArchiveBuilder)
}

extension ViewModifier {
    public func _archive(content: _ViewModifier_Content<Self>, into builder: inout ArchiveBuilder) {
        let body = EnvironmentValues.$current.withValue(builder.environment) { self.body(content: content) }
        body._archive(into: &builder)
    }
}

extension ViewModifier where Body == Never {
    public func body(content: Content) -> Never { primitiveBody(Self.self) }
}

/// The content a modifier's `body(content:)` receives: the modified view, archived where it is placed.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    let archive: (inout ArchiveBuilder) -> Void
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout ArchiveBuilder) { archive(&builder) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout ArchiveBuilder) {
        let content = self.content
        modifier._archive(content: _ViewModifier_Content { content._archive(into: &$0) }, into: &builder)
    }
}

extension View {
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// The built-in modifiers: an optional environment change for the content, then an archive node
/// wrapped around each of the content's nodes (so a modifier on a `Group` applies to each child).
public struct _ArchivedModifier: ViewModifier {
    public typealias Body = Never
    let environment: ((inout EnvironmentValues) -> Void)?
    let node: ((inout ArchiveBuilder) -> ViewModifierNode?)?

    init(environment: ((inout EnvironmentValues) -> Void)? = nil, node: ((inout ArchiveBuilder) -> ViewModifierNode?)? = nil) {
        self.environment = environment
        self.node = node
    }

    init(_ node: ViewModifierNode) { self.init(node: { _ in node }) }

    public func _archive(content: _ViewModifier_Content<Self>, into builder: inout ArchiveBuilder) {
        var env = builder.environment
        environment?(&env)
        let modifierNode = node?(&builder)
        for child in builder.nodes(of: content, environment: env) {
            builder.append(modifierNode.map { child.modified($0) } ?? child)
        }
    }
}

extension View {
    func archived(_ node: ViewModifierNode) -> ModifiedContent<Self, _ArchivedModifier> {
        modifier(_ArchivedModifier(node))
    }

    func archived(
        environment: ((inout EnvironmentValues) -> Void)? = nil, node: ((inout ArchiveBuilder) -> ViewModifierNode?)? = nil
    ) -> ModifiedContent<Self, _ArchivedModifier> {
        modifier(_ArchivedModifier(environment: environment, node: node))
    }
}
