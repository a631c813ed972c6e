import Foundation
import WidgetArchive

/// Resolves an archived tree into a layout tree for one context: inherited styles applied, dynamic text
/// evaluated at the render instant, redaction and rendering-mode colours decided.
struct LayoutTreeBuilder {
    let context: RenderContext
    let styles: StyleResolver
    /// Paths of toggles, for element ids when a toggle has no `.id`.
    private var controlCounter = 0

    init(context: RenderContext) {
        self.context = context
        self.styles = StyleResolver(context: context)
    }

    static let defaultPadding = 16.0
    static let defaultSpacing = 8.0

    mutating func build(_ node: ViewNode, _ style: InheritedStyle, id: String? = nil) -> LayoutNode {
        switch node {
        case .empty:
            return LayoutNode(.empty)
        case .text(let text):
            return LayoutNode(.text(styledText(text, style)))
        case .image(let image):
            let (name, isAsset): (String, Bool) = switch image.source {
            case .system(let n): (n, false)
            case .asset(let n): (n, true)
            }
            let size = fontSize(style.font)
            return LayoutNode(.image(name: name, isAsset: isAsset, resizable: image.resizable,
                                     color: styles.drawn(styles.foreground(style), accented: style.accented), pointSize: size))
        case .color(let color):
            return LayoutNode(.fill(FillSpec(shape: .rectangle, color: styles.drawn(styles.color(color), accented: style.accented),
                                             gradient: nil, strokeWidth: nil, accented: style.accented)))
        case .shape(let shape):
            return LayoutNode(.fill(fill(shape, style)))
        case .stack(let stack):
            let children = stack.children.map { build($0, style) }
            let spacing = stack.spacing ?? (stack.axis == .depth ? 0 : Self.defaultSpacing)
            return LayoutNode(.stack(axis: stack.axis, alignment: stack.alignment, spacing: spacing, children: children))
        case .spacer(let minLength):
            return LayoutNode(.spacer(minLength: minLength ?? Self.defaultSpacing))
        case .accessoryBackground:
            let color: RGBA = switch context.renderingMode {
            case .vibrant: RGBA(0, 0, 0, 0.55)
            case .accented: RGBA(1, 1, 1, 0.18)
            case .fullColor: RGBA(0.5, 0.5, 0.5, 0.3)
            }
            return LayoutNode(.accessoryBackground(color))
        case .viewThatFits(let fits):
            return LayoutNode(.fitting(axes: fits.axes, alternatives: fits.alternatives.map { build($0, style) }))
        case .progress(let progress):
            let fraction: Double?
            switch progress.value {
            case .indeterminate: fraction = nil
            case .fraction(let value, let total): fraction = total > 0 ? min(1, max(0, value / total)) : 0
            case .timerInterval(let start, let end, let countsDown):
                let total = end.timeIntervalSince(start)
                let elapsed = min(max(0, context.date.timeIntervalSince(start)), max(0, total))
                let done = total > 0 ? elapsed / total : 1
                fraction = countsDown ? 1 - done : done
            }
            return LayoutNode(.progress(progressSpec(
                fraction: fraction, style: progress.style, label: progress.label, current: progress.currentValueLabel,
                inherited: style, isGauge: false)))
        case .gauge(let gauge):
            let span = gauge.maximum - gauge.minimum
            let fraction = span > 0 ? min(1, max(0, (gauge.value - gauge.minimum) / span)) : 0
            return LayoutNode(.progress(progressSpec(
                fraction: fraction, style: gauge.style, label: gauge.label, current: gauge.currentValueLabel,
                inherited: style, isGauge: true)))
        case .control(let control):
            controlCounter += 1
            let elementID = id ?? "control-\(controlCounter)"
            let tint = styles.drawn(style.tint.map(styles.color) ?? styles.color(.system(.accent, opacity: 1)), accented: true)
            switch control.kind {
            case .button(let label):
                var labelStyle = style
                labelStyle.foreground = style.foreground ?? .color(style.tint ?? .system(.accent, opacity: 1))
                let spec = ControlSpec(action: control.action, isToggle: false, isOn: false, tint: tint, elementID: elementID)
                return LayoutNode(.control(spec, build(label, labelStyle)))
            case .toggle(let isOn, let on, let off):
                let shown = isOn != context.flippedToggles.contains(elementID)
                let spec = ControlSpec(action: control.action, isToggle: true, isOn: shown, tint: tint, elementID: elementID)
                return LayoutNode(.control(spec, build(shown ? on : off, style)))
            }
        case .modified(let content, let modifier):
            return modified(content, modifier, style, id: id)
        }
    }

    private mutating func modified(_ content: ViewNode, _ modifier: ViewModifierNode, _ style: InheritedStyle, id: String?) -> LayoutNode {
        var s = style
        switch modifier {
        case .frame(let spec):
            return LayoutNode(.frame(spec, build(content, s, id: id)))
        case .padding(let p):
            let d = Self.defaultPadding
            let child = build(content, s, id: id)
            return LayoutNode(.padding(
                top: p.edges & 1 != 0 ? p.top ?? d : 0, leading: p.edges & 2 != 0 ? p.leading ?? d : 0,
                bottom: p.edges & 4 != 0 ? p.bottom ?? d : 0, trailing: p.edges & 8 != 0 ? p.trailing ?? d : 0, child))
        case .background(let view, let alignment), .overlay(let view, let alignment):
            let isBackground = if case .background = modifier { true } else { false }
            let child = build(content, s, id: id)
            return LayoutNode(.decorated(child, decoration: build(view, s), alignment: alignment, isBackground: isBackground))
        case .containerBackground:
            // Hoisted to the widget by the renderer; in place it is transparent.
            return build(content, s, id: id)
        case .font(let f):
            s.font = f
        case .fontWeight(let w):
            s.weight = w
        case .italic:
            s.italic = true
        case .foreground(let paint):
            s.foreground = paint
        case .tint(let c):
            s.tint = c
        case .opacity(let v):
            return effect(content, s, id: id) { $0.opacity = v }
        case .widgetURL(let url):
            return effect(content, s, id: id) { $0.url = url }
        case .link(let url):
            return effect(content, s, id: id) { $0.url = url; $0.isLink = true }
        case .accentable(let on):
            s.accented = on
        case .privacySensitive(let on):
            if on && context.redactsPrivacySensitiveContent { s.redacted = true }
        case .invalidatable(let on):
            if on && context.showsInvalidatedContent {
                s.invalidated = true
                return effect(content, s, id: id) { $0.invalidated = true }
            }
        case .identity(let newID):
            return effect(content, s, id: newID) { $0.id = newID }
        case .lineLimit(let n):
            s.lineLimit = n
        case .minimumScaleFactor(let f):
            s.minimumScaleFactor = min(1, max(0.01, f))
        case .multilineTextAlignment(let a):
            s.textAlignment = a
        case .layoutPriority(let p):
            let node = build(content, s, id: id)
            node.priority = p
            return node
        case .clipShape(let kind):
            return effect(content, s, id: id) { $0.clip = kind }
        case .aspectRatio(let ratio, let mode):
            return LayoutNode(.aspect(ratio: ratio, mode: mode, build(content, s, id: id)))
        case .redacted(let reasons):
            if reasons.contains(.placeholder) { s.redacted = true }
        case .unredacted:
            s.redacted = false
        case .hidden:
            return effect(content, s, id: id) { $0.hidden = true }
        case .offset(let x, let y):
            return effect(content, s, id: id) { $0.offset = (x, y) }
        case .fixedSize(let h, let v):
            return LayoutNode(.fixedSize(horizontal: h, vertical: v, build(content, s, id: id)))
        case .contentTransition:
            break
        }
        return build(content, s, id: id)
    }

    private mutating func effect(_ content: ViewNode, _ style: InheritedStyle, id: String?, _ configure: (inout EffectSpec) -> Void) -> LayoutNode {
        var spec = EffectSpec()
        configure(&spec)
        let child = build(content, style, id: id)
        if child.priority != 0 {
            let node = LayoutNode(.effect(spec, child))
            node.priority = child.priority
            return node
        }
        return LayoutNode(.effect(spec, child))
    }

    func fontSize(_ font: FontSpec?) -> Double {
        switch font?.size {
        case .fixed(let size)?: return size
        case .style(let style)?: return TextStyleTable.size(style, platform: context.platform)
        case nil: return TextStyleTable.size(defaultTextStyle, platform: context.platform)
        }
    }

    /// Accessory widgets default to the body style; inline text is drawn in the system's own font.
    var defaultTextStyle: TextStyle { .body }

    private func styledText(_ text: TextNode, _ style: InheritedStyle) -> StyledText {
        let runs = text.runs.map { run -> StyledText.Run in
            let font = run.font ?? style.font
            let size = fontSize(font)
            let styleWeight: FontWeight = if case .style(let ts)? = font?.size {
                TextStyleTable.weight(ts, platform: context.platform)
            } else {
                TextStyleTable.weight(.body, platform: context.platform)
            }
            let weight = run.weight ?? font?.weight ?? style.weight ?? styleWeight
            let design = font?.design == .default || font == nil ? TextStyleTable.design(platform: context.platform) : font!.design
            let color = run.color.map(styles.color) ?? styles.foreground(style, level: foregroundLevel(style))
            return StyledText.Run(
                text: context.formatter.string(run.content, at: context.date), size: size, weight: weight, design: design,
                italic: run.italic || style.italic, color: styles.drawn(color, accented: style.accented))
        }
        return StyledText(runs: runs, lineLimit: style.lineLimit, minimumScaleFactor: style.minimumScaleFactor,
                          alignment: style.textAlignment, redacted: style.redacted)
    }

    private func foregroundLevel(_ style: InheritedStyle) -> UInt8 {
        if case .foreground(let level)? = style.foreground { return level }
        return 0
    }

    private func fill(_ shape: ShapeNode, _ style: InheritedStyle) -> FillSpec {
        var spec = FillSpec(shape: shape.kind, color: nil, gradient: nil, strokeWidth: shape.strokeWidth, accented: style.accented)
        switch shape.fill {
        case .color(let c)?:
            spec.color = styles.drawn(styles.color(c), accented: style.accented)
        case .linearGradient(let stops, let start, let end)?:
            if context.renderingMode == .fullColor {
                spec.gradient = (stops.map { (styles.color($0.color), $0.location) }, start, end)
            } else {
                spec.color = styles.drawn(stops.first.map { styles.color($0.color) } ?? .white, accented: style.accented)
            }
        case .foreground(let level)?:
            spec.color = styles.drawn(styles.foreground(style, level: level), accented: style.accented)
        case nil:
            spec.color = styles.drawn(styles.foreground(style), accented: style.accented)
        }
        return spec
    }

    private mutating func progressSpec(
        fraction: Double?, style: ProgressStyleValue, label: ViewNode?, current: ViewNode?, inherited: InheritedStyle,
        isGauge: Bool
    ) -> ProgressSpec {
        let circular: Bool = switch style {
        case .circular, .accessoryCircular, .accessoryCircularCapacity: true
        case .automatic: isGauge ? context.family == .accessoryCircular : false
        case .linear, .accessoryLinear, .accessoryLinearCapacity: false
        }
        let tint = styles.drawn(inherited.tint.map(styles.color) ?? styles.foreground(inherited), accented: true)
        let track = styles.drawn(styles.foreground(inherited).multiplyingAlpha(0.25), accented: inherited.accented)
        var labelStyle = inherited
        if labelStyle.font == nil { labelStyle.font = FontSpec(size: .style(circular ? .caption2 : .caption)) }
        return ProgressSpec(
            fraction: fraction, style: style, circular: circular, tint: tint, track: track,
            label: label.map { build($0, labelStyle) }, currentValueLabel: current.map { build($0, labelStyle) }, isGauge: isGauge)
    }
}
