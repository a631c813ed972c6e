/// Horizontal alignment guide.
public enum HorizontalAlignmentValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case leading = 0, center, trailing
}

/// Vertical alignment guide.
public enum VerticalAlignmentValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case top = 0, center, bottom, firstTextBaseline, lastTextBaseline
}

/// A two-axis alignment (SwiftUI's `Alignment`).
public struct AlignmentValue: Hashable, Sendable, Codable {
    public var horizontal: HorizontalAlignmentValue
    public var vertical: VerticalAlignmentValue
    public init(horizontal: HorizontalAlignmentValue, vertical: VerticalAlignmentValue) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = AlignmentValue(horizontal: .center, vertical: .center)
}

/// Which stack.
public enum StackAxis: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case horizontal = 0, vertical, depth
}

/// `HStack` / `VStack` / `ZStack`. `HStack` uses only the vertical part of the alignment, `VStack` only
/// the horizontal part; `spacing == nil` means the system default.
public struct StackNode: Hashable, Sendable, Codable {
    public var axis: StackAxis
    public var alignment: AlignmentValue
    public var spacing: Double?
    public var children: [ViewNode]
    public init(axis: StackAxis, alignment: AlignmentValue = .center, spacing: Double? = nil, children: [ViewNode]) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.children = children
    }
}

/// `.frame(width:height:alignment:)` and `.frame(minWidth:idealWidth:maxWidth:…)`. `nil` leaves the
/// dimension to the child; `.infinity` is allowed for the maxima.
public struct FrameSpec: Hashable, Sendable, Codable {
    public var minWidth: Double?
    public var idealWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var idealHeight: Double?
    public var maxHeight: Double?
    public var alignment: AlignmentValue

    public init(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: AlignmentValue = .center
    ) {
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    /// A fixed frame: `.frame(width:height:)` sets min, ideal and max alike.
    public static func fixed(width: Double?, height: Double?, alignment: AlignmentValue = .center) -> FrameSpec {
        FrameSpec(
            minWidth: width, idealWidth: width, maxWidth: width,
            minHeight: height, idealHeight: height, maxHeight: height, alignment: alignment)
    }
}

/// Padding per edge; `nil` on an edge that is padded means the system default amount.
public struct PaddingSpec: Hashable, Sendable, Codable {
    /// One bit per edge: top 1, leading 2, bottom 4, trailing 8.
    public var edges: UInt8
    public var top: Double?
    public var leading: Double?
    public var bottom: Double?
    public var trailing: Double?

    public init(edges: UInt8 = 0b1111, top: Double? = nil, leading: Double? = nil, bottom: Double? = nil, trailing: Double? = nil) {
        self.edges = edges & 0b1111
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let allEdges: UInt8 = 0b1111
}

/// `ContentMode` for `aspectRatio`, `scaledToFit`, `scaledToFill`.
public enum ContentModeValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case fit = 0, fill
}

/// `ViewThatFits(in: axes)`: one bit per axis (horizontal 1, vertical 2).
public struct ViewThatFitsNode: Hashable, Sendable, Codable {
    public var axes: UInt8
    public var alternatives: [ViewNode]
    public init(axes: UInt8 = 0b11, alternatives: [ViewNode]) {
        self.axes = axes & 0b11
        self.alternatives = alternatives
    }
}
