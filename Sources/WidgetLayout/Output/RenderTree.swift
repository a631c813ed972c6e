import Foundation
import WidgetArchive

/// What a widget wrote about animating a subtree between entries, kept on the node it wrote it on:
/// the planner reads it (`WidgetAnimation`); drawing ignores it.
public struct RenderMotion: Hashable, Sendable, Codable {
    /// `.transition(_:)`: how this node comes in and goes out.
    public var transition: TransitionValue?
    /// `.animation(_:value:)` for this subtree: whether one was written, the animation (nil when
    /// written as `nil`) and the digest of the watched value.
    public var animation: AnimationValue?
    public var animationWritten: Bool?
    public var valueDigest: UInt64?
    /// `.contentTransition(_:)` for the text inside.
    public var contentTransition: ContentTransitionValue?
    /// `.contentTransition(.numericText(value:))`: the value whose change says which way digits roll.
    public var numericValue: Double?

    public init() {}

    public var isEmpty: Bool { self == RenderMotion() }

    /// Two wrappers' motion on one node: each field from `outer` where it wrote one.
    public static func merged(outer: RenderMotion, inner: RenderMotion?) -> RenderMotion {
        guard var result = inner else { return outer }
        if let t = outer.transition { result.transition = t }
        if outer.animationWritten == true {
            result.animationWritten = true
            result.animation = outer.animation
            result.valueDigest = outer.valueDigest
        }
        if let c = outer.contentTransition { result.contentTransition = c }
        if let v = outer.numericValue { result.numericValue = v }
        return result
    }
}

/// The render tree: every drawn node with its frame in widget points, resolved text and colours, and
/// hit regions for controls and links. It is what SVG and PNG are drawn from, and what tests assert on.
public struct RenderNode: Hashable, Sendable, Codable {
    public enum Role: String, Hashable, Sendable, Codable {
        case widget, background, group, stack, text, image, shape, progress, gauge, control, accessoryBackground, spacer
        /// A view widgets cannot show; `text` names it.
        case unsupported
    }
    /// What a node's `style` says, by role: where an image comes from, a stack's axis, a control's
    /// kind, a progress view's style.
    public enum Style: String, Hashable, Sendable, Codable {
        /// Images: from the extension's asset catalog, or bytes the extension made.
        case asset, data
        /// Stacks: horizontal, vertical, depth.
        case h, v, z
        /// Controls.
        case toggle, button, plainButton
        /// A group laid out by a `GeometryReader`.
        case geometryReader
        /// Progress views and gauges.
        case linear, circular
    }

    /// A shape node's outline (or a clipping group's).
    public enum Outline: String, Hashable, Sendable, Codable {
        case rect, roundedRect, circle, ellipse, capsule
        /// A custom shape: `pathData`.
        case path
    }

    /// How a stroke's open ends are drawn (butt when absent).
    public enum LineCap: String, Hashable, Sendable, Codable { case round, square }
    /// How a stroke's corners are drawn (miter when absent).
    public enum LineJoin: String, Hashable, Sendable, Codable { case round, bevel }

    public var role: Role
    public var frame: Rect
    /// Text content, resolved at the render instant (lines joined with "\n").
    public var text: String?
    /// Laid-out text lines, baselines relative to the widget.
    public var lines: [TextLine]?
    /// Solid fill or stroke colour.
    public var color: RenderColor?
    /// A gradient fill.
    public var gradient: GradientPaint?
    /// Shape outline.
    public var shape: Outline?
    public var cornerRadius: Double?
    public var continuousCorners: Bool?
    public var strokeWidth: Double?
    /// SF Symbol or asset name.
    public var imageName: String?
    /// A system image's rendering mode, when not monochrome.
    public var symbolRenderingMode: SymbolRenderingModeValue?
    /// A system image's weight, when not regular: its strokes are as heavy as its font's.
    public var symbolWeight: FontWeight?
    /// A palette symbol's second (and third) layers' colours.
    public var symbolPalette: [RenderColor]?
    /// An image the extension made, as its encoded bytes (`style` is `data`).
    public var imageData: Base64Bytes?
    /// A custom shape's outline in widget points (`shape` is `path`); SVG path data in the JSON form.
    public var pathData: RenderPath?
    /// A stroke's ends and joins, when not butt and miter.
    public var lineCap: LineCap?
    public var lineJoin: LineJoin?
    /// A dashed stroke's pattern (dash and gap lengths in turn, in points) and where it starts.
    public var dash: [Double]?
    public var dashPhase: Double?
    /// `.shadow`: the shadow of everything this node draws, beneath it.
    public var shadow: RenderShadow?
    /// A material: what is drawn behind the shape is blurred by this radius (points) before its tint.
    public var backdropBlur: Double?
    /// `.mask(alignment:_:)`: everything this node draws shows only through the opacity of these
    /// nodes (drawn for their opacity alone, never seen themselves).
    public var mask: [RenderNode]?
    /// `.blendMode(_:)`: everything this node draws, composited into what is beneath it by the mode.
    public var blendMode: BlendModeValue?
    /// `.blur(radius:opaque:)`: everything this node draws, blurred (radius in points).
    public var blurRadius: Double?
    public var blurOpaque: Bool?
    /// `.trim(from:to:)`: the stroked or filled part of the outline, as fractions of its length.
    public var trimFrom: Double?
    public var trimTo: Double?
    /// Drawn through this transform (`scaleEffect`, `rotationEffect`), in widget points.
    public var transform: RenderTransform?
    /// Laid out right to left: a linear progress view fills from the right, and a symbol named for the
    /// reading direction (`chevron.forward`) is drawn flipped.
    public var mirrored: Bool?
    /// An accessory gauge that marks its value on its whole arc or bar instead of filling up to it.
    public var marksValue: Bool?
    /// An accessory circular gauge: a three-quarter arc open at the bottom.
    public var openArc: Bool?
    /// Progress: the fraction shown at the render instant.
    public var fraction: Double?
    public var style: Style?
    public var opacity: Double?
    /// Identity from `.id(_)`.
    public var id: String?
    /// What a tap here does.
    public var action: Action?
    /// True for a toggle's current state.
    public var isOn: Bool?
    /// In accented mode: part of the accent group.
    public var accented: Bool?
    /// Drawn as a redaction placeholder.
    public var redacted: Bool?
    /// Shows the invalid effect (between a tap and the next entry).
    public var invalidated: Bool?
    /// Clip children to this node's frame and shape.
    public var clips: Bool?
    /// What the widget wrote about animating this node and what is inside it; nil when nothing.
    public var motion: RenderMotion?
    /// `.accessibilityLabel(_:)`: what assistive technologies read for the view.
    public var accessibilityLabel: String?
    /// A bitmap image in the accented mode: how its pixels are turned into the group's colour.
    public var imageTreatment: ImageTreatment?
    public var children: [RenderNode]

    public init(role: Role, frame: Rect, children: [RenderNode] = []) {
        self.role = role
        self.frame = frame
        self.children = children
    }

    /// Depth-first, parents first.
    public func allNodes() -> [RenderNode] {
        var out: [RenderNode] = []
        var stack = [self]
        while let node = stack.popLast() {
            out.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return out
    }

    /// Every text in drawing order, joined by newlines between nodes.
    public var allText: [String] { allNodes().compactMap(\.text) }
}

/// One laid-out line of text.
public struct TextLine: Hashable, Sendable, Codable {
    public var x: Double
    public var baseline: Double
    public var width: Double
    public var runs: [TextLineRun]
}

/// A run of one style within a line.
public struct TextLineRun: Hashable, Sendable, Codable {
    public var text: String
    public var x: Double
    public var fontSize: Double
    public var weight: FontWeight
    public var design: FontDesign
    public var italic: Bool
    public var color: RenderColor
    /// Extra advance after each character, in points (kerning and tracking).
    public var spacing: Double?
    /// `Font.Width` factor on advances.
    public var widthFactor: Double?
    /// Baseline shift upwards, in points.
    public var baselineOffset: Double?
    /// Line colours of `underline` and `strikethrough`.
    public var underline: RenderColor?
    public var strikethrough: RenderColor?

    init(text: String, x: Double, fontSize: Double, weight: FontWeight, design: FontDesign, italic: Bool, color: RenderColor) {
        self.text = text
        self.x = x
        self.fontSize = fontSize
        self.weight = weight
        self.design = design
        self.italic = italic
        self.color = color
    }
}

/// An affine transform of widget points: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct RenderTransform: Hashable, Sendable, Codable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Scale then rotate (clockwise on screen) about the transform's anchor in `rect`.
    init(_ t: TransformValue, in rect: Rect) {
        let ax = rect.x + t.anchor.x * rect.width, ay = rect.y + t.anchor.y * rect.height
        let radians = t.rotation * .pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        a = cosine * t.scaleX
        b = sine * t.scaleX
        c = -sine * t.scaleY
        d = cosine * t.scaleY
        tx = ax - a * ax - c * ay
        ty = ay - b * ax - d * ay
    }

    public func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }

    /// `self` after `inner`: points go through `inner` first.
    public func concatenating(_ inner: RenderTransform) -> RenderTransform {
        RenderTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b, c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }
}

/// A linear gradient in the node's unit square.
public struct GradientPaint: Hashable, Sendable, Codable {
    public struct Stop: Hashable, Sendable, Codable {
        public var color: RenderColor
        public var location: Double
    }
    public var stops: [Stop]
    public var startX: Double
    public var startY: Double
    public var endX: Double
    public var endY: Double
}

/// A tap target.
public struct Action: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable { case intent, url, inert }
    public var kind: Kind
    /// The intent's type identifier, or the URL.
    public var target: String?
    /// The intent's encoded parameters, as the archive carries them.
    public var parameters: Base64Bytes?
    public var isToggle: Bool?

    /// The intent a tap performs: its type and parameters as the extension archived them.
    public var intent: IntentReference? {
        guard kind == .intent, let target, let parameters else { return nil }
        return IntentReference(typeIdentifier: target, parameters: parameters.bytes)
    }
}

/// A shadow as drawn: the colour, the blur radius in points (a Gaussian whose standard deviation is
/// half the radius, as Core Animation's shadows are) and the offset.
public struct RenderShadow: Hashable, Sendable, Codable {
    public var color: RenderColor
    public var radius: Double
    public var x: Double
    public var y: Double
    public init(color: RenderColor, radius: Double, x: Double, y: Double) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
}

/// A whole rendering: the tree plus what produced it.
public struct RenderTree: Hashable, Sendable, Codable {
    /// The placement's id (`Placement.id`).
    public var placement: String
    public var family: WidgetFamily
    public var renderingMode: WidgetRenderingMode
    public var colorScheme: ColorScheme
    /// The instant rendered (written in ISO 8601, UTC).
    public var date: Date
    public var scale: Double
    public var size: Size
    /// What shows behind the widget where it has no background of its own (wallpaper, StandBy black).
    public var backdrop: RenderColor?
    public var root: RenderNode

    /// Pretty, key-sorted JSON: stable bytes for golden tests.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text + "\n"
    }

    /// The deepest node with an action containing `point`, topmost drawn first.
    public func hitTest(_ point: Point) -> RenderNode? {
        func search(_ node: RenderNode) -> RenderNode? {
            guard node.frame.contains(point) || node.role == .widget else { return nil }
            for child in node.children.reversed() {
                if let hit = search(child) { return hit }
            }
            return node.action != nil ? node : nil
        }
        return search(root)
    }

    /// Texts top to bottom: a readable summary of what the widget shows.
    public var texts: [String] { root.allText }
}

// The JSON form names everything as SwiftUI spells it (`"bold"`, `"vibrant"`, `"dark"`) and writes the
// date in ISO 8601, where the archive model's own coding would write codes and seconds.

extension TextLineRun {
    enum CodingKeys: String, CodingKey {
        case text, x, fontSize, weight, design, italic, color, spacing, widthFactor, baselineOffset, underline, strikethrough
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        x = try c.decode(Double.self, forKey: .x)
        fontSize = try c.decode(Double.self, forKey: .fontSize)
        weight = try RenderTree.named(c.decode(String.self, forKey: .weight), FontWeight.allCases, \.name, c.codingPath)
        design = try RenderTree.named(c.decode(String.self, forKey: .design), FontDesign.allCases, \.name, c.codingPath)
        italic = try c.decode(Bool.self, forKey: .italic)
        color = try c.decode(RenderColor.self, forKey: .color)
        spacing = try c.decodeIfPresent(Double.self, forKey: .spacing)
        widthFactor = try c.decodeIfPresent(Double.self, forKey: .widthFactor)
        baselineOffset = try c.decodeIfPresent(Double.self, forKey: .baselineOffset)
        underline = try c.decodeIfPresent(RenderColor.self, forKey: .underline)
        strikethrough = try c.decodeIfPresent(RenderColor.self, forKey: .strikethrough)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(x, forKey: .x)
        try c.encode(fontSize, forKey: .fontSize)
        try c.encode(weight.name, forKey: .weight)
        try c.encode(design.name, forKey: .design)
        try c.encode(italic, forKey: .italic)
        try c.encode(color, forKey: .color)
        try c.encodeIfPresent(spacing, forKey: .spacing)
        try c.encodeIfPresent(widthFactor, forKey: .widthFactor)
        try c.encodeIfPresent(baselineOffset, forKey: .baselineOffset)
        try c.encodeIfPresent(underline, forKey: .underline)
        try c.encodeIfPresent(strikethrough, forKey: .strikethrough)
    }
}

extension RenderTree {
    enum CodingKeys: String, CodingKey {
        case placement, family, renderingMode, colorScheme, date, scale, size, backdrop, root
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        placement = try c.decode(String.self, forKey: .placement)
        family = try c.decode(WidgetFamily.self, forKey: .family)
        renderingMode = try Self.named(c.decode(String.self, forKey: .renderingMode), WidgetRenderingMode.allCases, \.description, c.codingPath)
        colorScheme = try Self.named(c.decode(String.self, forKey: .colorScheme), ColorScheme.allCases, \.description, c.codingPath)
        let dateText = try c.decode(String.self, forKey: .date)
        guard let date = Self.date(dateText) else {
            throw DecodingError.dataCorruptedError(forKey: .date, in: c, debugDescription: "not an ISO 8601 date: \(dateText)")
        }
        self.date = date
        scale = try c.decode(Double.self, forKey: .scale)
        size = try c.decode(Size.self, forKey: .size)
        backdrop = try c.decodeIfPresent(RenderColor.self, forKey: .backdrop)
        root = try c.decode(RenderNode.self, forKey: .root)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(placement, forKey: .placement)
        try c.encode(family, forKey: .family)
        try c.encode(renderingMode.description, forKey: .renderingMode)
        try c.encode(colorScheme.description, forKey: .colorScheme)
        try c.encode(CivilDate.isoDate(date), forKey: .date)
        try c.encode(scale, forKey: .scale)
        try c.encode(size, forKey: .size)
        try c.encodeIfPresent(backdrop, forKey: .backdrop)
        try c.encode(root, forKey: .root)
    }

    /// The case whose name is `text`.
    static func named<T>(_ text: String, _ cases: [T], _ name: (T) -> String, _ path: [any CodingKey]) throws -> T {
        guard let match = cases.first(where: { name($0) == text }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "unknown name \(text)"))
        }
        return match
    }

    /// Reads back `CivilDate.isoDate` (whole or fractional seconds).
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text) ?? Double(text).map { Date(timeIntervalSince1970: $0) }
    }
}

/// How an image's pixels are drawn in the accented rendering mode (`WidgetAccentedRenderingMode`).
public enum ImageTreatment: Hashable, Sendable, Codable {
    /// Each pixel in `color`, keeping its alpha: the image as a silhouette in its group's colour.
    case silhouette(RenderColor)
    /// Each pixel's luminance as its alpha, in `color` (`desaturated`, `accentedDesaturated`).
    case luminance(RenderColor)
}
