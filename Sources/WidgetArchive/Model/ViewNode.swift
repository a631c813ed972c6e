/// The archived view representation: a plain-data tree produced by evaluating a widget's views in the
/// extension process, and read by the host to lay out and render. Nothing here runs view code.
///
/// Primitive views are cases; everything a modifier does is a `.modified` wrapper, so the tree keeps
/// SwiftUI's shape (a modifier applies to the subtree below it) and the renderer resolves inherited
/// values (font, foreground style) itself.
public indirect enum ViewNode: Hashable, Sendable, Codable {
    /// Nothing: `EmptyView`, an absent optional, an `if` without `else` that was false.
    case empty
    /// Text made of runs: literals and date-driven runs evaluated at render time.
    case text(TextNode)
    /// An image by system symbol name or asset name.
    case image(ImageNode)
    /// A flat colour filling the proposed space (`Color` used as a view).
    case color(ColorValue)
    /// A shape filled or stroked with a paint (also used for gradients as views).
    case shape(ShapeNode)
    /// `HStack`, `VStack` or `ZStack`.
    case stack(StackNode)
    /// `Spacer(minLength:)`; `nil` means the system default spacing.
    case spacer(minLength: Double?)
    /// `AccessoryWidgetBackground()`: its look depends on the rendering mode, so it is data.
    case accessoryBackground
    /// `ViewThatFits(in:)`: every alternative is archived; the host picks one per slot.
    case viewThatFits(ViewThatFitsNode)
    /// `ProgressView`, determinate or timer-driven.
    case progress(ProgressNode)
    /// `Gauge` as accessory widgets use it.
    case gauge(GaugeNode)
    /// `Button` or `Toggle`, carrying the App Intent to perform in the extension.
    case control(ControlNode)
    /// A modifier applied to a subtree.
    case modified(ViewNode, ViewModifierNode)
    /// `GeometryReader`: takes all the space it is offered and places its content at the top leading
    /// corner. The content was evaluated in the extension for the size the reader gets in the placement
    /// the host asked for (the extension lays the entry out with the host's engine to find it).
    case geometryReader(ViewNode)
    /// A view widgets cannot show (`ScrollView`, `List`, `TextField`…), by name: the host draws the
    /// system's placeholder for it, as the real system does.
    case unsupported(String)
    /// A control's template (`ControlWidgetButton`, `ControlWidgetToggle`): the root of a control's
    /// archive, drawn by the host as the place showing it draws controls.
    case controlTemplate(ControlTemplate)
}

extension ViewNode {
    /// Wraps `self` in a modifier.
    public func modified(_ modifier: ViewModifierNode) -> ViewNode { .modified(self, modifier) }

    /// Number of nodes in the tree (modifier wrappers and embedded views included).
    public var nodeCount: Int {
        var count = 0
        forEachNode { _ in count += 1 }
        return count
    }

    /// Visits every node depth-first, parents before children.
    public func forEachNode(_ body: (ViewNode) -> Void) {
        var stack: [ViewNode] = [self]
        while let node = stack.popLast() {
            body(node)
            stack.append(contentsOf: node.children.reversed())
        }
    }

    /// The direct children, in order, including views embedded in modifiers and controls.
    public var children: [ViewNode] {
        switch self {
        case .empty, .text, .image, .color, .shape, .spacer, .accessoryBackground, .unsupported, .controlTemplate:
            return []
        case .stack(let stack):
            return stack.children
        case .viewThatFits(let fits):
            return fits.alternatives
        case .progress(let progress):
            return [progress.label, progress.currentValueLabel].compactMap { $0 }
        case .gauge(let gauge):
            return [gauge.label, gauge.currentValueLabel, gauge.minimumValueLabel, gauge.maximumValueLabel]
                .compactMap { $0 }
        case .control(let control):
            switch control.kind {
            case .button(let label), .plainButton(let label): return [label]
            case .toggle(_, let on, let off): return [on, off]
            }
        case .geometryReader(let content):
            return [content]
        case .modified(let content, let modifier):
            switch modifier {
            case .background(let view, _), .overlay(let view, _), .mask(let view, _), .containerBackground(let view):
                return [content, view]
            default:
                return [content]
            }
        }
    }
}
