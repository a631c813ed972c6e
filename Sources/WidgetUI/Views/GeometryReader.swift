import Foundation
import WidgetArchive
import WidgetLayout

/// `GeometryReader`: its content sees the size the reader gets. A widget's view is evaluated once, in
/// the extension, so the size is found there: the entry is laid out with the host's own layout engine,
/// for the placement the host named in its request, with each reader's content left out; then the
/// body is evaluated again with the sizes found (`ViewArchiver.archive`). The host lays the archived
/// reader out the same way, so the content fits the space it was made for.
public nonisolated struct GeometryReader<Content: View>: View {
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    public var body: Never { primitiveBody(Self.self) }

    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let geometry = builder.geometry
        let id = geometry.nextID()
        guard let frame = geometry.frame(of: id) else {
            geometry.unresolved += 1
            builder.append(.modified(.geometryReader(.empty), .geometryProbe(id)))
            return
        }
        geometry.enter(id)
        let nodes = builder.nodes(of: content(GeometryProxy(frame: frame)))
        geometry.leave()
        // Several views overlap at the top leading corner, as in a ZStack.
        let content: ViewNode = nodes.count == 1
            ? nodes[0] : .stack(StackNode(axis: .depth, alignment: AlignmentValue(horizontal: .leading, vertical: .top), children: nodes))
        builder.append(.geometryReader(content))
    }
}

/// `GeometryProxy`: the size and position a `GeometryReader` was laid out at.
public struct GeometryProxy {
    private let frame: CGRect

    init(frame: CGRect) { self.frame = frame }

    public var size: CGSize { frame.size }
    /// Widgets have content margins, not safe areas.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The reader's frame: in the widget (`.global`, and any named space) or in itself (`.local`).
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: CGRect(origin: .zero, size: frame.size)
        case .global, .named: frame
        }
    }
}

/// `CoordinateSpace`.
// `@unchecked Sendable`: `AnyHashable` is not `Sendable`; a named space's name is a value made and compared while one view tree is archived.
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    case global, local
    case named(AnyHashable)
}

nonisolated extension View {
    /// `.coordinateSpace(name:)`: named spaces resolve to the widget's own.
    public func coordinateSpace<T: Hashable>(name: T) -> some View { self }
}

/// The sizes of the `GeometryReader`s of one view tree, found pass by pass. Readers are named by
/// their position among the readers of their enclosing reader (`GeometryProbe`), which does not
/// change between passes as long as the body evaluates the same way.
package final class GeometryResolution {
    static let maximumPasses = 8

    /// What a layout pass learnt, in the form a pass takes it.
    package static func frames(_ found: [GeometryProbe: Rect]) -> [GeometryProbe: CGRect] {
        found.mapValues { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    var frames: [GeometryProbe: CGRect] = [:]
    /// Once set, readers without a known frame are evaluated at zero size instead of left out.
    var resolvesUnknownToZero: Bool
    var unresolved = 0
    /// The readers entered, innermost last; the top level's counter is kept apart so that a tree with
    /// no reader allocates nothing here.
    private var scopes: [(path: [Int], next: Int)] = []
    private var topLevelNext = 0

    init(resolvesUnknownToZero: Bool) { self.resolvesUnknownToZero = resolvesUnknownToZero }

    func startPass() {
        unresolved = 0
        scopes.removeAll(keepingCapacity: true)
        topLevelNext = 0
    }

    func nextID() -> GeometryProbe {
        guard let last = scopes.indices.last else {
            defer { topLevelNext += 1 }
            return GeometryProbe(path: [topLevelNext])
        }
        defer { scopes[last].next += 1 }
        return GeometryProbe(path: scopes[last].path + [scopes[last].next])
    }

    func frame(of id: GeometryProbe) -> CGRect? { frames[id] ?? (resolvesUnknownToZero ? .zero : nil) }

    func enter(_ id: GeometryProbe) { scopes.append((id.path, 0)) }
    func leave() { if !scopes.isEmpty { scopes.removeLast() } }
}
