import Foundation

/// `HorizontalEdge`: the leading or trailing edge.
public enum HorizontalEdge: Int8, CaseIterable, Codable, Hashable, Sendable {
    case leading, trailing

    /// `HorizontalEdge.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: HorizontalEdge) { self.rawValue = 1 << edge.rawValue }
        public static let leading = Set(.leading)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.leading, .trailing]
    }
}

/// `VerticalEdge`: the top or bottom edge.
public enum VerticalEdge: Int8, CaseIterable, Codable, Hashable, Sendable {
    case top, bottom

    /// `VerticalEdge.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: VerticalEdge) { self.rawValue = 1 << edge.rawValue }
        public static let top = Set(.top)
        public static let bottom = Set(.bottom)
        public static let all: Set = [.top, .bottom]
    }
}

extension Edge {
    /// `Edge(_:)` from a horizontal edge.
    public init(_ edge: HorizontalEdge) { self = edge == .leading ? .leading : .trailing }
    /// `Edge(_:)` from a vertical edge.
    public init(_ edge: VerticalEdge) { self = edge == .top ? .top : .bottom }
}
