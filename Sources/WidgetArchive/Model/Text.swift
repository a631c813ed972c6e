import Foundation

/// A `Text`: runs concatenated in order (`Text + Text` keeps each run's own style).
public struct TextNode: Hashable, Sendable, Codable {
    public var runs: [TextRun]
    public init(runs: [TextRun]) { self.runs = runs }
    public init(_ literal: String) { self.runs = [TextRun(.literal(literal))] }
}

/// One run of a text, with the style set on that `Text` value itself (`Text.bold()`, `Text.font(_)`).
/// Styles set with view modifiers live in `.modified` nodes instead and are inherited.
public struct TextRun: Hashable, Sendable, Codable {
    public var content: TextContent
    public var font: FontSpec?
    public var weight: FontWeight?
    public var italic: Bool
    public var color: ColorValue?

    public init(
        _ content: TextContent, font: FontSpec? = nil, weight: FontWeight? = nil, italic: Bool = false,
        color: ColorValue? = nil
    ) {
        self.content = content
        self.font = font
        self.weight = weight
        self.italic = italic
        self.color = color
    }
}

/// What a run shows. Date-driven content is data, resolved by the host at the render instant.
public enum TextContent: Hashable, Sendable, Codable {
    case literal(String)
    /// `Text(date, style:)`, also inside string interpolation.
    case date(Date, DateStyle)
    /// `Text(timerInterval:countsDown:)`.
    case timerInterval(start: Date, end: Date, countsDown: Bool)
}

/// `Text.DateStyle`.
public enum DateStyle: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case time = 0, date, relative, offset, timer
}
