import Foundation
import WidgetArchive

/// `View`: a piece of widget UI. Composite views have a `body`; primitive views (`Text`, stacks,
/// shapes…) have `Body == Never` and archive themselves. Nothing here lays out or renders: evaluating
/// a view produces archive nodes, once, in the extension process.
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    /// Main-actor isolated, as SwiftUI's: a view's body may read the main actor's models
    /// (`@MainActor` view models, `@Observable` ones in a main-actor app).
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }

    /// Appends this view's archived nodes. The default evaluates `body` with the environment in
    /// effect at this point of the tree; primitives override it.
    nonisolated func _archive(into builder: inout _ArchiveBuilder)
}

nonisolated extension View {
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        // The binding lasts while the body's own views are archived, so nested views that change
        // nothing find their environment already bound.
        builder.environment.bound { self._evaluatedBody()._archive(into: &builder) }
    }

    /// The body, evaluated where the archiver runs: on the main queue in an extension
    /// (`ViewArchiver.bodiesOnMainQueue`), as SwiftUI evaluates it on the main thread; in a test's
    /// own process, on the thread that asked (XCTest's main thread).
    package func _evaluatedBody() -> Body {
        let evaluate: @MainActor (Self) -> Body = { $0.body }
        return unsafeBitCast(evaluate, to: ((Self) -> Body).self)(self)
    }
}

extension Never: View {
    public typealias Body = Never
    public nonisolated var body: Never { primitiveBody(Never.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {}
}

/// The `body` of a primitive view, which the archiver never asks for.
package func primitiveBody<V>(_ type: V.Type) -> Never {
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
    /// What `.controlWidgetStatus(_:)` and `.controlWidgetActionHint(_:)` said in a control's labels.
    package internal(set) var controlLabelTexts = ControlLabelTexts()

    /// The sizes of `GeometryReader`s, shared by every builder of one archiving pass.
    let geometry: GeometryResolution

    package init(environment: EnvironmentValues) { self.init(environment: environment, geometry: GeometryResolution(resolvesUnknownToZero: true)) }

    init(environment: EnvironmentValues, geometry: GeometryResolution) {
        self.environment = environment
        self.geometry = geometry
    }

    /// Archives `view` in a child builder with the same environment and returns its nodes; warnings
    /// carry over.
    mutating func nodes<V: View>(of view: V, environment: EnvironmentValues? = nil) -> [ViewNode] {
        var child = _ArchiveBuilder(environment: environment ?? self.environment, geometry: geometry)
        view._archive(into: &child)
        diagnostics.append(contentsOf: child.diagnostics)
        controlLabelTexts.adopt(child.controlLabelTexts)
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
    /// Whether bodies are evaluated on the main queue, whichever thread asks: set once by an
    /// extension before it serves (its main thread runs the main queue), so that a body's
    /// main-actor code runs where Swift 6 checks it runs. Left off in a test's process, whose main
    /// thread may be busy waiting for the thread that asks.
    package nonisolated(unsafe) private(set) static var bodiesOnMainQueue = false

    /// Marks the main queue, to know when work runs on it: after `dispatchMain()` Linux runs the
    /// main queue on a thread that is not the main thread.
    private static let mainQueueMark = DispatchSpecificKey<Bool>()

    /// Has bodies evaluated on the main queue from now on (see `bodiesOnMainQueue`).
    package static func evaluateBodiesOnMainQueue() {
        DispatchQueue.main.setSpecific(key: mainQueueMark, value: true)
        bodiesOnMainQueue = true
    }

    /// The root node for `view` in `environment`, and any warnings. A `GeometryReader` needs the size
    /// layout gives it: `locate` lays out a tree whose unresolved readers are marked and returns each
    /// marked reader's frame. The body is evaluated again with the sizes found until every reader has
    /// one (nested readers take one pass per level). Without `locate`, readers see a zero size.
    package static func archive<V: View>(
        _ view: V, environment: EnvironmentValues, locate: ((ViewNode) -> [GeometryProbe: CGRect])? = nil
    ) -> (root: ViewNode, diagnostics: [String]) {
        let views = archiveViews(view, environment: environment, locate: locate.map { locate in { locate(ViewNode.single($0.nodes)) } })
        return (ViewNode.single(views.nodes), views.diagnostics)
    }

    /// The nodes `view` archives to, with what the preview modifiers recorded; `locate` as above, given
    /// the whole result of a pass.
    package static func archiveViews<V: View>(
        _ view: V, environment: EnvironmentValues, locate: ((_ArchiveBuilder) -> [GeometryProbe: CGRect])?
    ) -> _ArchiveBuilder {
        if bodiesOnMainQueue, DispatchQueue.getSpecific(key: mainQueueMark) == nil {
            let handoff = MainQueueHandoff { archiveViews(view, environment: environment, locate: locate) }
            DispatchQueue.main.sync { handoff.run() }
            if let result = handoff.result { return result }
        }
        let geometry = GeometryResolution(resolvesUnknownToZero: locate == nil)
        var pass = 0
        while true {
            pass += 1
            geometry.startPass()
            var builder = _ArchiveBuilder(environment: environment, geometry: geometry)
            view._archive(into: &builder)
            builder.diagnostics += CatalogAssets.shared.takeDiagnostics()
            guard geometry.unresolved > 0, let locate else { return builder }
            let found = locate(builder).filter { geometry.frames[$0.key] == nil }
            // No new sizes (a reader that layout never places, such as one in an unchosen
            // `ViewThatFits` alternative), or nesting deeper than any real widget: the rest get zero.
            if found.isEmpty || pass >= GeometryResolution.maximumPasses { geometry.resolvesUnknownToZero = true }
            geometry.frames.merge(found) { old, _ in old }
        }
    }
}

/// Work handed to the main queue and its result handed back, while the asking thread waits for it.
// `@unchecked Sendable`: used by one thread at a time, the asking one blocked in `sync` meanwhile.
private final class MainQueueHandoff: @unchecked Sendable {
    private let work: () -> _ArchiveBuilder
    private(set) var result: _ArchiveBuilder?
    init(_ work: @escaping () -> _ArchiveBuilder) { self.work = work }
    func run() { result = work() }
}
