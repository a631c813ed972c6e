import Foundation
import WidgetArchive

// The stacks as `Layout` values (iOS 16), for `AnyLayout`. Their containers archive as the stacks
// themselves; sizing them here (outside a container) stacks the subviews' reported sizes.

/// `HStackLayout`.
public struct HStackLayout: Layout {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(proposal) }
        let gaps = CGFloat(max(sizes.count - 1, 0)) * (spacing ?? ViewSpacing().preferred)
        return CGSize(width: sizes.reduce(0) { $0 + $1.width } + gaps, height: sizes.map(\.height).max() ?? 0)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {}
    public func _archivedContainer(_ children: [ViewNode]) -> ViewNode? {
        .stack(StackNode(axis: .horizontal, alignment: AlignmentValue(horizontal: .center, vertical: alignment.value),
                         spacing: spacing.map(Double.init), children: children))
    }
}

/// `VStackLayout`.
public struct VStackLayout: Layout {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(proposal) }
        let gaps = CGFloat(max(sizes.count - 1, 0)) * (spacing ?? ViewSpacing().preferred)
        return CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.reduce(0) { $0 + $1.height } + gaps)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {}
    public func _archivedContainer(_ children: [ViewNode]) -> ViewNode? {
        .stack(StackNode(axis: .vertical, alignment: AlignmentValue(horizontal: alignment.value, vertical: .center),
                         spacing: spacing.map(Double.init), children: children))
    }
}

/// `ZStackLayout`.
public struct ZStackLayout: Layout {
    public var alignment: Alignment
    public init(alignment: Alignment = .center) { self.alignment = alignment }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(proposal) }
        return CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {}
    public func _archivedContainer(_ children: [ViewNode]) -> ViewNode? {
        .stack(StackNode(axis: .depth, alignment: alignment.value, spacing: nil, children: children))
    }
}
