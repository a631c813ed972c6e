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
    /// Decorations, spacing and case set on this `Text` value. Stored boxed, and only when set: most
    /// runs have none, and archives hold many runs.
    public var attributes: TextAttributes {
        get { storedAttributes?.value ?? TextAttributes() }
        set { storedAttributes = newValue.isEmpty ? nil : TextAttributesBox(newValue) }
    }
    private var storedAttributes: TextAttributesBox?
    /// `Text.foregroundStyle(.secondary)` and the other hierarchical levels: this run in the inherited
    /// foreground at that level (0 primary … 4 quinary), where `color` is not set.
    public var foregroundLevel: UInt8?

    /// Whether the run has attributes of its own (without building an empty value to say no).
    var hasAttributes: Bool { storedAttributes != nil }

    public init(
        _ content: TextContent, font: FontSpec? = nil, weight: FontWeight? = nil, italic: Bool = false,
        color: ColorValue? = nil, attributes: TextAttributes = TextAttributes(), foregroundLevel: UInt8? = nil
    ) {
        self.init(content, font: font, weight: weight, italic: italic, color: color, foregroundLevel: foregroundLevel)
        self.attributes = attributes
    }

    /// A run without attributes of its own, made without building an empty value to compare (the
    /// decoder makes one per run it reads, and sets `attributes` only where the archive has them).
    init(_ content: TextContent, font: FontSpec?, weight: FontWeight?, italic: Bool, color: ColorValue?, foregroundLevel: UInt8?) {
        self.content = content
        self.font = font
        self.weight = weight
        self.italic = italic
        self.color = color
        self.foregroundLevel = foregroundLevel
    }
}

/// Shares one run's attributes between copies of the run; never mutated.
private final class TextAttributesBox: Hashable, Sendable, Codable {
    let value: TextAttributes
    init(_ value: TextAttributes) { self.value = value }
    static func == (a: TextAttributesBox, b: TextAttributesBox) -> Bool { a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Typography beyond font and colour (iOS 16+ lets every view set these for the text inside it). A
/// `nil` field is not set here and inherits.
public struct TextAttributes: Hashable, Sendable, Codable {
    public var underline: TextDecoration?
    public var strikethrough: TextDecoration?
    /// Extra space after each character, in points (`kerning`).
    public var kerning: Double?
    /// Extra space between characters, in points (`tracking`; drawn like kerning here).
    public var tracking: Double?
    /// Shift of the baseline, in points, upwards.
    public var baselineOffset: Double?
    public var textCase: TextCaseValue?

    public init(
        underline: TextDecoration? = nil, strikethrough: TextDecoration? = nil, kerning: Double? = nil,
        tracking: Double? = nil, baselineOffset: Double? = nil, textCase: TextCaseValue? = nil
    ) {
        self.underline = underline
        self.strikethrough = strikethrough
        self.kerning = kerning
        self.tracking = tracking
        self.baselineOffset = baselineOffset
        self.textCase = textCase
    }

    public var isEmpty: Bool {
        underline == nil && strikethrough == nil && kerning == nil && tracking == nil && baselineOffset == nil && textCase == nil
    }

    /// These attributes over `inherited`: each field set here wins.
    public func over(_ inherited: TextAttributes) -> TextAttributes {
        TextAttributes(
            underline: underline ?? inherited.underline, strikethrough: strikethrough ?? inherited.strikethrough,
            kerning: kerning ?? inherited.kerning, tracking: tracking ?? inherited.tracking,
            baselineOffset: baselineOffset ?? inherited.baselineOffset, textCase: textCase ?? inherited.textCase)
    }
}

/// `underline(_:pattern:color:)` / `strikethrough(_:pattern:color:)`.
public struct TextDecoration: Hashable, Sendable, Codable {
    public var isActive: Bool
    public var pattern: LinePatternValue
    /// `nil`: the text's own colour.
    public var color: ColorValue?
    public init(isActive: Bool = true, pattern: LinePatternValue = .solid, color: ColorValue? = nil) {
        self.isActive = isActive
        self.pattern = pattern
        self.color = color
    }
}

/// `Text.LineStyle.Pattern`.
public enum LinePatternValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case solid = 0, dot, dash, dashDot, dashDotDot
}

/// `Text.Case`; `none` undoes an inherited case.
public enum TextCaseValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case none = 0, uppercase, lowercase
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
