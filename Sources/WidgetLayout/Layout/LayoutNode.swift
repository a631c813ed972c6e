import Foundation
import WidgetArchive

/// A node of the layout tree: an archived view with inherited style resolved, ready to be sized
/// (SwiftUI's model: the parent proposes, the child chooses) and placed.
final class LayoutNode {
    enum Kind {
        case empty
        case text(StyledText)
        case image(name: String, isAsset: Bool, resizable: Bool, color: RGBA, pointSize: Double)
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
        case aspect(ratio: Double?, mode: ContentModeValue, LayoutNode)
        case geometryReader(LayoutNode)
    }

    let kind: Kind
    var priority: Double = 0
    var cacheStorage: [ProposedSize: Size] = [:]

    init(_ kind: Kind) { self.kind = kind }

    var isEmpty: Bool { if case .empty = kind { return true } else { return false } }
    var isSpacer: Bool { if case .spacer = kind { return true } else { return false } }
}

/// A shape, colour or gradient filling its frame.
struct FillSpec {
    var shape: ShapeKind
    var color: RGBA?
    var gradient: (stops: [(RGBA, Double)], start: UnitPointValue, end: UnitPointValue)?
    var strokeWidth: Double?
    var accented: Bool
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
}

struct ControlSpec {
    var action: ControlAction
    var isToggle: Bool
    var isOn: Bool
    var tint: RGBA
    var elementID: String
}

/// Effects that do not change layout (or only shift drawing).
struct EffectSpec {
    var opacity: Double?
    var id: String?
    var url: String?
    var isLink = false
    var clip: ShapeKind?
    var offset: (Double, Double)?
    var hidden = false
    var invalidated = false
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
    }
    var runs: [Run]
    var lineLimit: Int?
    var minimumScaleFactor: Double
    var alignment: TextAlignmentValue
    var redacted: Bool

    var plain: String { runs.map(\.text).joined() }
    var maxSize: Double { runs.map(\.size).max() ?? 17 }
}
