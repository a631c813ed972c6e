import Foundation
import WidgetArchive

/// `ViewModifier`: a reusable change to a view. Custom modifiers write `body(content:)`; the built-in
/// ones archive themselves as `ViewModifierNode`s.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Content) -> Body

    /// Archives `content` with this modifier applied. The default evaluates `body(content:)`.
    func _archive(content: _ViewModifier_Content<Self>, into builder: inout _ArchiveBuilder)

    /// Archives the view `content` with this modifier applied. The default wraps it as the `Content`
    /// that `body(content:)` receives; built-in modifiers archive it directly, without the wrapper.
    func _archive<V: View>(view content: V, into builder: inout _ArchiveBuilder)
}

extension ViewModifier {
    public func _archive(content: _ViewModifier_Content<Self>, into builder: inout _ArchiveBuilder) {
        let evaluate: @MainActor (Self, Content) -> Body = { $0.body(content: $1) }
        // As `View._evaluatedBody()`: archived one request at a time, nothing else of the widget running.
        builder.environment.bound { unsafeBitCast(evaluate, to: ((Self, Content) -> Body).self)(self, content)._archive(into: &builder) }
    }

    public func _archive<V: View>(view content: V, into builder: inout _ArchiveBuilder) {
        _archive(content: _ViewModifier_Content { content._archive(into: &$0) }, into: &builder)
    }
}

extension ViewModifier where Body == Never {
    public func body(content: Content) -> Never { primitiveBody(Self.self) }
}

/// The content a modifier's `body(content:)` receives: the modified view, archived where it is placed.
public nonisolated struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    let archive: (inout _ArchiveBuilder) -> Void
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { archive(&builder) }
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
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        modifier._archive(view: content, into: &builder)
    }
}

nonisolated extension View {
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// The built-in modifiers: an optional environment change for the content, then an archive node
/// wrapped around each of the content's nodes (so a modifier on a `Group` applies to each child).
package struct _ArchivedModifier: ViewModifier {
    public typealias Body = Never
    let environment: ((inout EnvironmentValues) -> Void)?
    let node: ((inout _ArchiveBuilder) -> ViewModifierNode?)?

    init(environment: ((inout EnvironmentValues) -> Void)? = nil, node: ((inout _ArchiveBuilder) -> ViewModifierNode?)? = nil) {
        self.environment = environment
        self.node = node
    }

    init(_ node: ViewModifierNode) { self.init(node: { _ in node }) }

    public func _archive(content: _ViewModifier_Content<Self>, into builder: inout _ArchiveBuilder) {
        _archive(view: content, into: &builder)
    }

    /// The content's nodes are archived straight into `builder` (with the changed environment, if
    /// any), then each is wrapped in the modifier's node.
    public func _archive<V: View>(view content: V, into builder: inout _ArchiveBuilder) {
        let modifierNode = node?(&builder)
        let first = builder.nodes.count
        if let environment {
            let outer = builder.environment
            environment(&builder.environment)
            content._archive(into: &builder)
            builder.environment = outer
        } else {
            content._archive(into: &builder)
        }
        if let modifierNode {
            for i in first..<builder.nodes.count { builder.nodes[i] = builder.nodes[i].modified(modifierNode) }
        }
    }
}

nonisolated extension View {
    func archived(_ node: ViewModifierNode) -> ModifiedContent<Self, _ArchivedModifier> {
        modifier(_ArchivedModifier(node))
    }

    func archived(
        environment: ((inout EnvironmentValues) -> Void)? = nil, node: ((inout _ArchiveBuilder) -> ViewModifierNode?)? = nil
    ) -> ModifiedContent<Self, _ArchivedModifier> {
        modifier(_ArchivedModifier(environment: environment, node: node))
    }
}
