import Foundation
import WidgetArchive

/// A node of the layout tree: an archived view with inherited style resolved, ready to be sized
/// (SwiftUI's model: the parent proposes, the child chooses) and placed.
final class LayoutNode {
    enum Kind {
        case empty
        case text(StyledText)
        case image(ImageSpec)
        case fill(FillSpec)
        case accessoryBackground(RGBA)
        case stack(axis: StackAxis, alignment: AlignmentValue, spacing: Double, children: [LayoutNode])
        case spacer(minLength: Double)
        case frame(FrameSpec, LayoutNode)
        case padding(top: Double, leading: Double, bottom: Double, trailing: Double, LayoutNode)
        case decorated(LayoutNode, decoration: LayoutNode, alignment: AlignmentValue, isBackground: Bool)
        case fitting(axes: UInt8, alternatives: [LayoutNode])
        case progress(ProgressSpec)
        case control(ControlSpec, LayoutNode)
        case effect(EffectSpec, LayoutNode)
        case fixedSize(horizontal: Bool, vertical: Bool, LayoutNode)
        /// `.position(x:y:)`: all the space offered, the child's centre at the point.
        case positioned(x: Double, y: Double, LayoutNode)
        case aspect(ratio: Double?, mode: ContentModeValue, LayoutNode)
        case geometryReader(LayoutNode)
        case unsupported(String)
    }

    let kind: Kind
    var priority: Double = 0
    var cacheStorage: [ProposedSize: Size] = [:]

    init(_ kind: Kind) { self.kind = kind }

    var isEmpty: Bool { if case .empty = kind { return true } else { return false } }
    var isSpacer: Bool { if case .spacer = kind { return true } else { return false } }
}

/// An image: a system symbol, an asset by name, or encoded bytes the extension made.
struct ImageSpec {
    var name: String
    var source: Source
    var resizable: Bool
    var color: RGBA
    var pointSize: Double
    /// How a bitmap (asset or data) is drawn: in its own colours when nil.
    var treatment: ImageTreatment? = nil
    var symbolMode: SymbolRenderingModeValue? = nil
    var symbolPalette: [RGBA] = []
    /// A system image's weight: its font's, as SF Symbols match the text beside them.
    var weight: FontWeight = .regular
    enum Source {
        case system, asset, data([UInt8])
        var isSystem: Bool { if case .system = self { true } else { false } }
    }

    /// A non-resizable image's size: a symbol's from the font size; encoded bytes' from their pixel
    /// size (a PNG header; at 1 pixel per point, as `UIImage(data:)` makes them); an asset's is not
    /// known to layout, so it is sized like a symbol.
    var naturalSize: Size {
        if case .data(let bytes) = source, let size = PNGHeader.size(bytes) {
            return Size(width: min(4096, Double(size.width)), height: min(4096, Double(size.height)))
        }
        let side = (pointSize * 1.15).rounded()
        return Size(width: side, height: side)
    }
}

/// The pixel size in a PNG's header, without decoding it.
enum PNGHeader {
    static func size(_ bytes: [UInt8]) -> (width: UInt32, height: UInt32)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, bytes[12...15].elementsEqual("IHDR".utf8) else { return nil }
        func u32(_ i: Int) -> UInt32 { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        let (w, h) = (u32(16), u32(20))
        return w > 0 && h > 0 ? (w, h) : nil
    }
}

/// A shape, colour or gradient filling its frame.
struct FillSpec {
    var shape: ShapeKind
    var color: RGBA?
    var gradient: (stops: [(RGBA, Double)], start: UnitPointValue, end: UnitPointValue)?
    var strokeWidth: Double?
    var accented: Bool
    var strokeStyle: StrokeStyleValue? = nil
    var trim: ClosedRange<Double>? = nil
    /// A material's blur of what is behind the shape, in points.
    var backdropBlur: Double? = nil
}

struct ProgressSpec {
    var fraction: Double?
    var style: ProgressStyleValue
    var circular: Bool
    var tint: RGBA
    var track: RGBA
    var label: LayoutNode?
    var currentValueLabel: LayoutNode?
    var isGauge: Bool
    /// A gradient tint's stops, drawn along the arc or bar.
    var gradient: [(RGBA, Double)]?

    /// An accessory gauge that marks its value on a whole arc or bar (`accessoryCircular`,
    /// `accessoryLinear`, and the automatic style in those families), rather than filling up to it.
    var marksValue: Bool {
        guard isGauge else { return false }
        switch style {
        case .accessoryCircular, .accessoryLinear: return true
        default: return false
        }
    }

    /// An accessory gauge's open arc: a three-quarter ring with its gap at the bottom.
    var isOpenArc: Bool { isGauge && style == .accessoryCircular }
}

struct ControlSpec {
    var action: ControlAction
    var isToggle: Bool
    /// A button drawn as its label alone.
    var isPlain = false
    var isOn: Bool
    var tint: RGBA
    var elementID: String
}

/// Effects that do not change layout (or only shift drawing).
struct EffectSpec {
    /// A view whose frame the extension is finding (`GeometryProbeFrames`).
    var probe: GeometryProbe?
    var opacity: Double?
    var id: String?
    var url: String?
    var isLink = false
    var clip: ShapeKind?
    var offset: (Double, Double)?
    var hidden = false
    var invalidated = false
    var transform: TransformValue?
    var motion = RenderMotion()
    var accessibilityLabel: String?
    var shadow: RenderShadow?
    /// A blur's radius in points, and whether its edges stay opaque.
    var blur: (radius: Double, opaque: Bool)?
    var blendMode: BlendModeValue?
    /// `.mask(alignment:_:)`: the view whose opacity the content shows through, placed in the
    /// content's frame as an overlay would be.
    var mask: (view: LayoutNode, alignment: AlignmentValue)?
}

/// Text runs with resolved style.
struct StyledText {
    struct Run {
        var text: String
        var size: Double
        var weight: FontWeight
        var design: FontDesign
        var italic: Bool
        var color: RGBA
        /// Extra advance after each character (kerning plus tracking), in points at scale 1.
        var spacing: Double = 0
        /// `Font.Width`'s factor on advances.
        var widthFactor: Double = 1
        var baselineOffset: Double = 0
        var underline: RGBA? = nil
        var strikethrough: RGBA? = nil
    }
    var runs: [Run]
    var lineLimit: Int?
    var minimumScaleFactor: Double
    var alignment: TextAlignmentValue
    var redacted: Bool

    var plain: String { runs.map(\.text).joined() }
    var maxSize: Double { runs.map(\.size).max() ?? 17 }
}
