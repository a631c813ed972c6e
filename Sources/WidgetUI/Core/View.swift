import Foundation
import WidgetArchive

/// `View`: a piece of widget UI. Composite views have a `body`; primitive views (`Text`, stacks,
/// shapes…) have `Body == Never` and archive themselves. Nothing here lays out or renders: evaluating
/// a view produces archive nodes, once, in the extension process.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Self.Body { get }

    /// Appends this view's archived nodes. The default evaluates `body` with the environment in
    /// effect at this point of the tree; primitives override it.
    func _archive(into builder: inout _ArchiveBuilder)
}

extension View {
    public func _archive(into builder: inout _ArchiveBuilder) {
        // The binding lasts while the body's own views are archived, so nested views that change
        // nothing find their environment already bound.
        builder.environment.bound { self.body._archive(into: &builder) }
    }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { primitiveBody(Never.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {}
}

/// The `body` of a primitive view, which the archiver never asks for.
func primitiveBody<V>(_ type: V.Type) -> Never {
    preconditionFailure("\(V.self) is a primitive view; its body is never evaluated")
}

/// Collects the nodes a view produces, with the environment at the current point of the tree and the
/// warnings worth telling the widget author.
public struct _ArchiveBuilder {
    package var environment: EnvironmentValues
    package internal(set) var nodes: [ViewNode] = []
    /// Warnings such as a closure-based button archived as inert.
    package internal(set) var diagnostics: [String] = []
    /// What `.previewContext(_:)` and `.previewDisplayName(_:)` said about the nodes in a range of
    /// `nodes`: a preview provider's views are split into previews by them.
    package internal(set) var previewMarks: [PreviewMark] = []

    package init(environment: EnvironmentValues) { self.environment = environment }

    /// Archives `view` in a child builder with the same environment and returns its nodes; warnings
    /// carry over.
    mutating func nodes<V: View>(of view: V, environment: EnvironmentValues? = nil) -> [ViewNode] {
        var child = _ArchiveBuilder(environment: environment ?? self.environment)
        view._archive(into: &child)
        diagnostics.append(contentsOf: child.diagnostics)
        return child.nodes
    }

    /// Archives `view` as a single node: several become a `ZStack`-free `VStack`, none become `.empty`.
    mutating func node<V: View>(of view: V, environment: EnvironmentValues? = nil) -> ViewNode {
        ViewNode.single(nodes(of: view, environment: environment))
    }

    mutating func append(_ node: ViewNode) { nodes.append(node) }

    mutating func warn(_ message: String) { diagnostics.append(message) }
}

extension ViewNode {
    /// One node standing for a view list: the node itself, `.empty`, or an implicit vertical stack
    /// (what SwiftUI does with several views where one is expected).
    static func single(_ nodes: [ViewNode]) -> ViewNode {
        switch nodes.count {
        case 0: return .empty
        case 1: return nodes[0]
        default: return .stack(StackNode(axis: .vertical, children: nodes))
        }
    }
}

/// Evaluates views into archive trees.
package enum ViewArchiver {
    /// The root node for `view` in `environment`, and any warnings.
    package static func archive<V: View>(_ view: V, environment: EnvironmentValues) -> (root: ViewNode, diagnostics: [String]) {
        var builder = _ArchiveBuilder(environment: environment)
        let root = builder.node(of: view)
        return (root, builder.diagnostics)
    }
}
