/// A modifier in the archived tree. Inherited ones (font, foreground, line limit…) apply to every
/// descendant unless overridden below; the others affect only the modified subtree's own layout or look.
public enum ViewModifierNode: Hashable, Sendable, Codable {
    /// Marks a view whose size the extension is still finding (see `GeometryProbe`); never archived.
    case geometryProbe(GeometryProbe)
    case frame(FrameSpec)
    case padding(PaddingSpec)
    /// `.background(alignment:) { view }`.
    case background(ViewNode, AlignmentValue)
    /// `.overlay(alignment:) { view }`.
    case overlay(ViewNode, AlignmentValue)
    /// `.mask(alignment:) { view }`: the content drawn only where the view is, through its opacity.
    case mask(ViewNode, AlignmentValue)
    /// `.position(x:y:)`: the view takes all the space offered and puts the content's centre at this
    /// point of it.
    case position(x: Double, y: Double)
    /// `.containerBackground(for: .widget) { view }`: the removable widget background slot.
    case containerBackground(ViewNode)
    /// `.font(_)` (inherited).
    case font(FontSpec)
    /// `.fontWeight(_)` / `.bold()` on a view (inherited).
    case fontWeight(FontWeight)
    /// `.italic()` on a view (inherited).
    case italic
    /// `.foregroundStyle(_)` / `.foregroundColor(_)` (inherited).
    case foreground(Paint)
    /// `.tint(_)` (inherited): the colour of controls and progress.
    case tint(ColorValue)
    case opacity(Double)
    /// `.widgetURL(_)`: where a tap on the widget opens the app.
    case widgetURL(String)
    /// `Link(destination:)`: a tap target opening the app at a URL.
    case link(String)
    /// `.widgetAccentable(_)`: the accent group in accented rendering mode.
    case accentable(Bool)
    /// `.privacySensitive(_)`: redacted when the device is locked and redaction is on.
    case privacySensitive(Bool)
    /// `.invalidatableContent(_)`: shows the invalid effect between a tap and the new entry.
    case invalidatable(Bool)
    /// `.id(_)`: identity, also the element id used to tap a control.
    case identity(String)
    /// `.lineLimit(_)` (inherited); `nil` means unlimited.
    case lineLimit(Int?)
    /// `.minimumScaleFactor(_)` (inherited).
    case minimumScaleFactor(Double)
    /// `.multilineTextAlignment(_)` (inherited).
    case multilineTextAlignment(TextAlignmentValue)
    case layoutPriority(Double)
    /// `.clipShape(_)` and `.cornerRadius(_)`.
    case clipShape(ShapeKind)
    /// `.aspectRatio(_:contentMode:)`, `.scaledToFit()`, `.scaledToFill()`.
    case aspectRatio(Double?, ContentModeValue)
    /// `.redacted(reason: .placeholder)` (inherited).
    case redacted(RedactionReasons)
    /// `.unredacted()`.
    case unredacted
    case hidden
    case offset(x: Double, y: Double)
    /// `.fixedSize(horizontal:vertical:)`.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `.contentTransition(.numericText(…))` and friends: kept as a hint for hosts that animate.
    case contentTransition(ContentTransitionValue)
    /// `.underline`, `.strikethrough`, `.kerning`, `.tracking`, `.baselineOffset`, `.textCase` on a view
    /// (inherited by the text inside). Boxed, as the next one: every modifier is as large as its
    /// largest case, and most trees have many small ones.
    indirect case textAttributes(TextAttributes)
    /// `.scaleEffect` and `.rotationEffect`: drawing only, layout unchanged.
    indirect case transform(TransformValue)
    /// `.transition(_:)`: how the view comes in and goes out between entries.
    indirect case transition(TransitionValue)
    /// `.animation(_:value:)`: the animation for changes inside the view when the value changes, and a
    /// digest of that value (a 64-bit FNV-1a of its description) to tell whether it did. `nil` is
    /// `.animation(nil, value:)`: no animation.
    indirect case animation(AnimationValue?, valueDigest: UInt64)
    /// `.contentTransition(.numericText(value:))`: numeric text whose digits roll up or down as the
    /// value rises or falls.
    case numericTextValue(Double)
    /// `.accessibilityLabel(_:)`: what assistive technologies read for the view; tests find views by it.
    case accessibilityLabel(String)
    /// `Image.widgetAccentedRenderingMode(_:)`: how the images inside draw in the accented mode.
    case accentedImageMode(AccentedImageMode)
    /// `.shadow(color:radius:x:y:)`: the content's shadow, drawn beneath it; drawing only.
    case shadow(ShadowValue)
    /// `.blur(radius:opaque:)`: the content blurred; drawing only. `opaque` keeps the edges opaque
    /// (the blur does not fade out past the content's frame).
    case blur(radius: Double, opaque: Bool)
    /// `.symbolRenderingMode(_:)`: how the system images inside draw their layers.
    case symbolRenderingMode(SymbolRenderingModeValue)
    /// `.foregroundStyle(_:_:)` / `(_:_:_:)`: the colours of a palette symbol's second and third
    /// layers (the first is the foreground).
    case symbolPalette([ColorValue])
    /// `.dynamicTypeSize(_:)`: the text sizes the content follows; outside them, the nearest bound.
    case textSizeRange(ClosedRange<TextSizeValue>)
    /// `.imageScale(_:)`: the system images inside, smaller or larger than their font.
    case imageScale(ImageScaleValue)
    /// `.tint(_:)` with a gradient: gauges and progress views inside draw their arc or bar in it
    /// (other views take the `.tint` colour written beside it).
    case tintGradient([GradientStop])
    /// `.blendMode(_:)`: the content composited into what is beneath it by this mode.
    case blendMode(BlendModeValue)
}

/// `BlendMode`: how content is composited into what is beneath it (the W3C compositing modes, plus
/// Core Graphics' plus-darker and plus-lighter).
public enum BlendModeValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}

/// `Image.Scale`: a symbol's size relative to its font.
public enum ImageScaleValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case small = 0, medium, large
}

/// `SymbolRenderingMode`: one colour (monochrome), or the symbol's layers at the foreground's
/// hierarchical levels (hierarchical), in given colours (palette) or in their own (multicolor).
public enum SymbolRenderingModeValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case monochrome = 0, hierarchical, palette, multicolor
}

/// A shadow: its colour, how far it spreads (the blur radius, in points) and its offset.
public struct ShadowValue: Hashable, Sendable, Codable {
    public var color: ColorValue
    public var radius: Double
    public var x: Double
    public var y: Double
    public init(color: ColorValue, radius: Double, x: Double, y: Double) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
}

/// A scale then a rotation about an anchor in the view's frame.
public struct TransformValue: Hashable, Sendable, Codable {
    public var scaleX: Double
    public var scaleY: Double
    /// Clockwise, in degrees.
    public var rotation: Double
    public var anchor: UnitPointValue
    public init(scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, anchor: UnitPointValue = UnitPointValue(x: 0.5, y: 0.5)) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
        self.anchor = anchor
    }
}

/// `RedactionReasons` (SwiftUI's option set).
public struct RedactionReasons: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1)
    public static let privacy = RedactionReasons(rawValue: 2)
    public static let invalidated = RedactionReasons(rawValue: 4)
}

/// The content transitions a widget can ask for.
public enum ContentTransitionValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case identity = 0, opacity, interpolate, numericText, numericTextCountsDown
}
