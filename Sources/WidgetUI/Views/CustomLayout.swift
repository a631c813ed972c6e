import Foundation
import WidgetArchive

/// `Layout` (iOS 16): a type that places a collection of views. A widget's archive is laid out by the
/// host, which cannot call the app's code, so a custom layout's methods are not run here yet: its
/// container archives its children overlapping, as a `ZStack` would, and tells the author so. The
/// built-in stack layouts (`HStackLayout`…) archive as the stacks they stand for.
@preconcurrency
public protocol Layout: Sendable {
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews

    func makeCache(subviews: Subviews) -> Cache
    func updateCache(_ cache: inout Cache, subviews: Subviews)
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?

    /// The archived container for `children`, for a layout the host draws itself; `nil` for a custom one.
    func _archivedContainer(_ children: [ViewNode]) -> ViewNode?
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

extension Layout {
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache = makeCache(subviews: subviews) }
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing { ViewSpacing() }
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? { nil }
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? { nil }
    public func _archivedContainer(_ children: [ViewNode]) -> ViewNode? { nil }

    /// `MyLayout { … }`: the layout as a container of the views the builder lists.
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutContainer(layout: self, content: content())
    }
}

/// The view a layout called as a container makes.
package nonisolated struct _LayoutContainer<L: Layout, Content: View>: View {
    let layout: L
    let content: Content

    public var body: Never { primitiveBody(Self.self) }

    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let children = builder.nodes(of: content)
        if let container = layout._archivedContainer(children) {
            builder.append(container)
            return
        }
        builder.warn("custom Layout \(L.self) is not run here yet: its views are archived overlapping, as in a ZStack")
        builder.append(.stack(StackNode(axis: .depth, alignment: Alignment.center.value, spacing: nil, children: children)))
    }
}

/// `ProposedViewSize`: the size a container offers a view; `nil` in a dimension asks for the ideal size.
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?

    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The proposal with each unspecified dimension taken from `size` (10 × 10 by default, as in SwiftUI).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
}

/// `ViewSpacing`: the preferred spacing around a view. Views here have no preference beyond the
/// default spacing, which is the same on every edge.
public struct ViewSpacing: Sendable {
    public static let zero = ViewSpacing(preferred: 0)
    /// The spacing SwiftUI puts between adjacent views by default.
    var preferred: CGFloat = 8

    public init() {}
    init(preferred: CGFloat) { self.preferred = preferred }

    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) { preferred = max(preferred, other.preferred) }

    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var result = self
        result.formUnion(other, edges: edges)
        return result
    }

    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat { max(preferred, next.preferred) }
}

/// `LayoutValueKey`: a value a view carries for the layout that places it.
public protocol LayoutValueKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

nonisolated extension View {
    /// `.layoutValue(key:value:)`: read only by a custom layout's methods, which are not run here, so it
    /// archives nothing (the layout's container says so).
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View { self }
}

/// `LayoutSubview`: a layout's proxy for one of its views.
public struct LayoutSubview: Equatable {
    let id: Int
    let values: [ObjectIdentifier: Any]
    let size: CGSize

    /// A proxy reporting `size` for any proposal and carrying `values` by `LayoutValueKey` type.
    package init(id: Int, size: CGSize = .zero, values: [ObjectIdentifier: Any] = [:]) {
        self.id = id
        self.size = size
        self.values = values
    }

    public static func == (lhs: LayoutSubview, rhs: LayoutSubview) -> Bool { lhs.id == rhs.id }

    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue
    }

    public var priority: Double { 0 }
    public var spacing: ViewSpacing { ViewSpacing() }

    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { size }

    /// Placement is the host's work; a proxy made here has nothing to move.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {}
}

/// `LayoutSubviews`: the proxies of a layout's views; a slice (`prefix(3)`) is itself `LayoutSubviews`.
public struct LayoutSubviews: Equatable, RandomAccessCollection {
    public typealias SubSequence = LayoutSubviews
    let storage: ArraySlice<LayoutSubview>

    package init(_ subviews: [LayoutSubview]) { storage = subviews[...] }
    init(storage: ArraySlice<LayoutSubview>) { self.storage = storage }

    public var layoutDirection: LayoutDirection { .leftToRight }
    public var startIndex: Int { storage.startIndex }
    public var endIndex: Int { storage.endIndex }
    public subscript(index: Int) -> LayoutSubview { storage[index] }
    public subscript(bounds: Range<Int>) -> LayoutSubviews { LayoutSubviews(storage: storage[bounds]) }
}

/// `AnyLayout` (iOS 16): a layout whose type can change, such as `AnyLayout(HStackLayout())` or
/// `AnyLayout(VStackLayout())` chosen by size class. Archives as the layout it wraps.
public struct AnyLayout: Layout {
    private let sizeThatFits: @Sendable (ProposedViewSize, LayoutSubviews) -> CGSize
    private let place: @Sendable (CGRect, ProposedViewSize, LayoutSubviews) -> Void
    private let container: @Sendable ([ViewNode]) -> ViewNode?

    public init<L: Layout>(_ layout: L) {
        sizeThatFits = { proposal, subviews in
            var cache = layout.makeCache(subviews: subviews)
            return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
        }
        place = { bounds, proposal, subviews in
            var cache = layout.makeCache(subviews: subviews)
            layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
        container = { layout._archivedContainer($0) }
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        sizeThatFits(proposal, subviews)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        place(bounds, proposal, subviews)
    }

    public func _archivedContainer(_ children: [ViewNode]) -> ViewNode? { container(children) }
}
