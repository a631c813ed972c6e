import Foundation
import WidgetArchive

/// `Grid` and `GridRow`: rows stacked vertically, each row's cells side by side with equal shares of
/// the width (columns line up where every row has the same number of cells; a column that SwiftUI would
/// size to its widest cell gets an equal share here).
public nonisolated struct Grid<Content: View>: View {
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        var environment = builder.environment
        environment.gridCell = GridCellStyle(alignment: alignment, spacing: horizontalSpacing)
        let rows = builder.nodes(of: content, environment: environment)
        builder.append(.stack(StackNode(axis: .vertical, alignment: AlignmentValue(horizontal: alignment.horizontal.value, vertical: .center),
                                        spacing: verticalSpacing.map(Double.init), children: rows)))
    }
}

public nonisolated struct GridRow<Content: View>: View {
    let alignment: VerticalAlignment?
    let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let style = builder.environment.gridCell
        let cellAlignment = Alignment(horizontal: style.alignment.horizontal, vertical: alignment ?? style.alignment.vertical)
        let cells = builder.nodes(of: content).map { GridCells.cell($0, alignment: cellAlignment) }
        builder.append(.stack(StackNode(axis: .horizontal, alignment: AlignmentValue(horizontal: .center, vertical: cellAlignment.vertical.value),
                                        spacing: style.spacing.map(Double.init), children: cells)))
    }
}

/// `GridItem`: a column of a `LazyVGrid` (or row of a `LazyHGrid`).
public struct GridItem: Hashable, Sendable {
    public enum Size: Hashable, Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// `PinnedScrollableViews`.
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// `LazyVGrid`: its views fill the columns row by row. Adaptive columns count as two (the number that
/// fits is not known while archiving).
public nonisolated struct LazyVGrid<Content: View>: View {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let items = builder.nodes(of: content)
        builder.append(GridCells.lines(items, tracks: columns, mainAxis: .vertical, spacing: spacing, alignment: Alignment(horizontal: alignment, vertical: .center)))
    }
}

/// `LazyHGrid`: its views fill the rows column by column.
public nonisolated struct LazyHGrid<Content: View>: View {
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let items = builder.nodes(of: content)
        builder.append(GridCells.lines(items, tracks: rows, mainAxis: .horizontal, spacing: spacing, alignment: Alignment(horizontal: .center, vertical: alignment)))
    }
}

/// `LazyVStack` and `LazyHStack`: nothing scrolls in a widget, so they are their eager stacks.
public nonisolated struct LazyVStack<Content: View>: View {
    let stack: VStack<Content>
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        stack = VStack(alignment: alignment, spacing: spacing, content: content)
    }
    public var body: some View { stack }
}

public nonisolated struct LazyHStack<Content: View>: View {
    let stack: HStack<Content>
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        stack = HStack(alignment: alignment, spacing: spacing, content: content)
    }
    public var body: some View { stack }
}

enum GridCells {
    /// A cell taking an equal share of its row.
    static func cell(_ node: ViewNode, alignment: Alignment) -> ViewNode {
        node.modified(.frame(FrameSpec(maxWidth: .infinity, alignment: alignment.value)))
    }

    /// Items laid out in lines of `tracks.count` along the cross axis.
    static func lines(_ items: [ViewNode], tracks: [GridItem], mainAxis: StackAxis, spacing: CGFloat?, alignment: Alignment) -> ViewNode {
        let perLine = max(1, tracks.reduce(0) { count, track in
            if case .adaptive = track.size { return count + 2 }
            return count + 1
        })
        let crossSpacing = tracks.first?.spacing.map(Double.init)
        let lines = stride(from: 0, to: items.count, by: perLine).map { start -> ViewNode in
            let cells = items[start..<min(items.count, start + perLine)].enumerated().map { offset, item -> ViewNode in
                let track = tracks.indices.contains(offset) ? tracks[offset] : nil
                let cellAlignment = track?.alignment ?? alignment
                switch track?.size {
                case .fixed(let length)?:
                    let side = Double(length)
                    return item.modified(.frame(mainAxis == .vertical ? .fixed(width: side, height: nil, alignment: cellAlignment.value)
                                                                        : .fixed(width: nil, height: side, alignment: cellAlignment.value)))
                default:
                    return item.modified(.frame(mainAxis == .vertical
                        ? FrameSpec(maxWidth: .infinity, alignment: cellAlignment.value)
                        : FrameSpec(maxHeight: .infinity, alignment: cellAlignment.value)))
                }
            }
            return .stack(StackNode(axis: mainAxis == .vertical ? .horizontal : .vertical, alignment: alignment.value,
                                    spacing: crossSpacing, children: cells))
        }
        return .stack(StackNode(axis: mainAxis, alignment: alignment.value, spacing: spacing.map(Double.init), children: lines))
    }
}

/// How `GridRow`s in a `Grid` align and space their cells.
struct GridCellStyle {
    var alignment: Alignment = .center
    var spacing: CGFloat?
}

private struct GridCellKey: EnvironmentKey { static var defaultValue: GridCellStyle { GridCellStyle() } }

extension EnvironmentValues {
    var gridCell: GridCellStyle {
        get { self[GridCellKey.self] }
        set { self[GridCellKey.self] = newValue }
    }
}

nonisolated extension View {
    /// `.gridCellColumns(_:)`, `.gridColumnAlignment(_:)`, `.gridCellUnsizedAxes(_:)`: every cell gets
    /// an equal share here.
    public func gridCellColumns(_ count: Int) -> some View { self }
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { self }
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { self }
    public func gridCellAnchor(_ anchor: UnitPoint) -> some View { self }
}
