import Foundation
import WidgetArchive

/// The render tree: every drawn node with its frame in widget points, resolved text and colours, and
/// hit regions for controls and links. It is what SVG and PNG are drawn from, and what tests assert on.
public struct RenderNode: Hashable, Sendable, Codable {
    public enum Role: String, Hashable, Sendable, Codable {
        case widget, background, group, stack, text, image, shape, progress, gauge, control, accessoryBackground, spacer
        /// A view widgets cannot show; `text` names it.
        case unsupported
    }
    public var role: Role
    public var frame: Rect
    /// Text content, resolved at the render instant (lines joined with "\n").
    public var text: String?
    /// Laid-out text lines, baselines relative to the widget.
    public var lines: [TextLine]?
    /// Solid fill or stroke colour, as `#rrggbbaa`.
    public var color: String?
    /// A gradient fill.
    public var gradient: GradientPaint?
    /// Shape outline: `rect`, `roundedRect`, `circle`, `ellipse`, `capsule`.
    public var shape: String?
    public var cornerRadius: Double?
    public var continuousCorners: Bool?
    public var strokeWidth: Double?
    /// SF Symbol or asset name.
    public var imageName: String?
    /// An image the extension made, as its encoded bytes in base64 (`style` is `data`).
    public var imageData: String?
    /// A custom shape's outline in widget points, as SVG path data (`shape` is `path`).
    public var pathData: String?
    /// A stroke's ends and joins (`round`, `square`; `round`, `bevel`) when not butt and miter.
    public var lineCap: String?
    public var lineJoin: String?
    /// `.trim(from:to:)`: the stroked or filled part of the outline, as fractions of its length.
    public var trimFrom: Double?
    public var trimTo: Double?
    /// Drawn through this transform (`scaleEffect`, `rotationEffect`), in widget points.
    public var transform: RenderTransform?
    /// Progress: the fraction shown at the render instant, and the style.
    public var fraction: Double?
    public var style: String?
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
    public var weight: String
    public var design: String
    public var italic: Bool
    public var color: String
    /// Extra advance after each character, in points (kerning and tracking).
    public var spacing: Double?
    /// `Font.Width` factor on advances.
    public var widthFactor: Double?
    /// Baseline shift upwards, in points.
    public var baselineOffset: Double?
    /// Line colours of `underline` and `strikethrough`.
    public var underline: String?
    public var strikethrough: String?

    init(text: String, x: Double, fontSize: Double, weight: String, design: String, italic: Bool, color: String) {
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
        public var color: String
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
    /// Encoded intent parameters, base64.
    public var parameters: String?
    public var isToggle: Bool?
}

/// A whole rendering: the tree plus what produced it.
public struct RenderTree: Hashable, Sendable, Codable {
    public var placement: String
    public var family: String
    public var renderingMode: String
    public var colorScheme: String
    public var date: String
    public var scale: Double
    public var size: Size
    /// What shows behind the widget where it has no background of its own (wallpaper, StandBy black).
    public var backdrop: String?
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
