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

    /// Numbers from a hostile archive, held to what layout can use: finite, within ±`bound`.
    static func finite(_ v: Double, default d: Double = 0, bound: Double = 10_000) -> Double {
        v.isFinite ? min(bound, max(-bound, v)) : d
    }
    static func length(_ v: Double?) -> Double? { v.map { finite($0) } }
    /// Frame maxima may be infinite (`maxWidth: .infinity`); minima and ideals may not.
    static func sanitized(_ f: FrameSpec) -> FrameSpec {
        func size(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? min(10_000, max(0, $0)) : nil } }
        func maxSize(_ v: Double?) -> Double? { v.flatMap { $0 == .infinity ? .infinity : ($0.isFinite ? min(10_000, max(0, $0)) : nil) } }
        return FrameSpec(minWidth: size(f.minWidth), idealWidth: size(f.idealWidth), maxWidth: maxSize(f.maxWidth),
                         minHeight: size(f.minHeight), idealHeight: size(f.idealHeight), maxHeight: maxSize(f.maxHeight), alignment: f.alignment)
    }

    mutating func build(_ node: ViewNode, _ style: InheritedStyle, id: String? = nil) -> LayoutNode {
        switch node {
        case .empty:
            return LayoutNode(.empty)
        case .text(let text):
            return LayoutNode(.text(styledText(text, style)))
        case .image(let image):
            let (name, source): (String, ImageSpec.Source) = switch image.source {
            case .system(let n): (n, .system)
            case .asset(let n): (n, .asset)
            case .data(let bytes): ("", .data(bytes))
            }
            let treatment = styles.accentedImageTreatment(style.imageAccentedMode, accentable: style.accented)
            return LayoutNode(.image(ImageSpec(
                name: name, source: source, resizable: image.resizable,
                color: treatment.symbolColor(styles.foreground(style), styles: styles),
                pointSize: fontSize(style.font, style) * (source.isSystem ? Self.imageScaleFactor(style.imageScale) : 1),
                treatment: treatment.bitmap, symbolMode: style.symbolMode,
                symbolPalette: style.symbolMode == .palette ? style.symbolPalette.map { styles.drawn(styles.color($0), accented: style.accented) } : [],
                weight: fontWeight(style))))
        case .color(let color):
            return LayoutNode(.fill(FillSpec(shape: .rectangle, color: styles.drawn(styles.color(color), accented: style.accented),
                                             gradient: nil, strokeWidth: nil, accented: style.accented)))
        case .shape(let shape):
            return LayoutNode(.fill(fill(shape, style)))
        case .stack(let stack):
            let children = stack.children.map { build($0, style) }
            let spacing = Self.finite(stack.spacing ?? (stack.axis == .depth ? 0 : Self.defaultSpacing), default: Self.defaultSpacing, bound: 1_000)
            return LayoutNode(.stack(axis: stack.axis, alignment: stack.alignment, spacing: spacing, children: children))
        case .spacer(let minLength):
            return LayoutNode(.spacer(minLength: max(0, Self.finite(minLength ?? Self.defaultSpacing, default: Self.defaultSpacing))))
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
            case .fraction(let value, let total):
                let f = value / total
                fraction = total > 0 && f.isFinite ? min(1, max(0, f)) : (value > 0 && total > 0 ? 1 : 0)
            case .timerInterval(let start, let end, let countsDown):
                let total = end.timeIntervalSince(start)
                let elapsed = min(max(0, context.date.timeIntervalSince(start)), max(0, total))
                let done = total > 0 && (elapsed / total).isFinite ? elapsed / total : 1
                fraction = min(1, max(0, countsDown ? 1 - done : done))
            }
            return LayoutNode(.progress(progressSpec(
                fraction: fraction, style: progress.style, label: progress.label, current: progress.currentValueLabel,
                inherited: style, isGauge: false)))
        case .gauge(let gauge):
            let span = gauge.maximum - gauge.minimum
            let ratio = (gauge.value - gauge.minimum) / span
            let fraction = span > 0 && ratio.isFinite ? min(1, max(0, ratio)) : 0
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
            case .plainButton(let label):
                var spec = ControlSpec(action: control.action, isToggle: false, isOn: false, tint: tint, elementID: elementID)
                spec.isPlain = true
                return LayoutNode(.control(spec, build(label, style)))
            case .toggle(let isOn, let on, let off):
                let shown = isOn != context.flippedToggles.contains(elementID)
                let spec = ControlSpec(action: control.action, isToggle: true, isOn: shown, tint: tint, elementID: elementID)
                return LayoutNode(.control(spec, build(shown ? on : off, style)))
            }
        case .modified(let content, let modifier):
            return modified(content, modifier, style, id: id)
        case .geometryReader(let content):
            return LayoutNode(.geometryReader(build(content, style)))
        case .unsupported(let name):
            return LayoutNode(.unsupported(name))
        case .controlTemplate(let template):
            let size = context.placement.size(for: context.family) ?? Size(width: 68, height: 68)
            let presentation = ControlPresentation(
                template: template, look: context.placement.controlLook, size: size,
                redactsValue: context.redactsPrivacySensitiveContent)
            return build(presentation.view, style, id: id)
        }
    }

    private mutating func modified(_ content: ViewNode, _ modifier: ViewModifierNode, _ style: InheritedStyle, id: String?) -> LayoutNode {
        var s = style
        switch modifier {
        case .frame(let spec):
            return LayoutNode(.frame(Self.sanitized(spec), build(content, s, id: id)))
        case .padding(let p):
            let d = Self.defaultPadding
            let child = build(content, s, id: id)
            func edge(_ bit: UInt8, _ v: Double?) -> Double { p.edges & bit != 0 ? Self.finite(v ?? d, default: d, bound: 1_000) : 0 }
            return LayoutNode(.padding(top: edge(1, p.top), leading: edge(2, p.leading), bottom: edge(4, p.bottom), trailing: edge(8, p.trailing), child))
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
            s.tintGradient = nil
        case .mask(let view, let alignment):
            let mask = build(view, s)
            return effect(content, s, id: id) { $0.mask = (mask, alignment) }
        case .blendMode(let mode):
            guard mode != .normal else { break }
            return effect(content, s, id: id) { $0.blendMode = mode }
        case .tintGradient(let stops):
            s.tintGradient = stops.isEmpty ? nil : stops
        case .opacity(let v):
            return effect(content, s, id: id) { $0.opacity = v }
        case .widgetURL(let url):
            return effect(content, s, id: id) { $0.url = url }
        case .link(let url):
            return effect(content, s, id: id) { $0.url = url; $0.isLink = true }
        case .accentable(let on):
            s.accented = on
        case .accentedImageMode(let mode):
            s.imageAccentedMode = mode
        case .symbolRenderingMode(let mode):
            s.symbolMode = mode
        case .symbolPalette(let colors):
            s.symbolPalette = colors
        case .imageScale(let scale):
            s.imageScale = scale
        case .textSizeRange(let range):
            // The device's size held in the outer range, then in this one: the same as holding it in
            // the outer bounds each held in this range.
            func held(_ size: TextSizeValue) -> TextSizeValue { min(range.upperBound, max(range.lowerBound, size)) }
            s.textSizes = s.textSizes.map { outer in held(outer.lowerBound)...held(outer.upperBound) } ?? range
        case .privacySensitive(let on):
            if on && context.redactsPrivacySensitiveContent { s.redacted = true }
        case .invalidatable(let on):
            if on && context.showsInvalidatedContent {
                s.invalidated = true
                return effect(content, s, id: id) { $0.invalidated = true }
            }
        case .identity(let newID):
            return effect(content, s, id: newID) { $0.id = newID }
        case .geometryProbe(let probe):
            return effect(content, s, id: id) { $0.probe = probe }
        case .lineLimit(let n):
            s.lineLimit = n
        case .minimumScaleFactor(let f):
            s.minimumScaleFactor = min(1, max(0.01, f))
        case .multilineTextAlignment(let a):
            s.textAlignment = a
        case .layoutPriority(let p):
            let node = build(content, s, id: id)
            node.priority = Self.finite(p, bound: 1e6)
            return node
        case .clipShape(let kind):
            return effect(content, s, id: id) { $0.clip = kind }
        case .aspectRatio(let ratio, let mode):
            let r = ratio.flatMap { $0.isFinite && $0 > 1e-6 && $0 < 1e6 ? $0 : nil }
            return LayoutNode(.aspect(ratio: r, mode: mode, build(content, s, id: id)))
        case .redacted(let reasons):
            if reasons.contains(.placeholder) { s.redacted = true }
        case .unredacted:
            s.redacted = false
        case .hidden:
            return effect(content, s, id: id) { $0.hidden = true }
        case .offset(let x, let y):
            return effect(content, s, id: id) { $0.offset = (Self.finite(x), Self.finite(y)) }
        case .fixedSize(let h, let v):
            return LayoutNode(.fixedSize(horizontal: h, vertical: v, build(content, s, id: id)))
        case .position(let x, let y):
            return LayoutNode(.positioned(x: Self.finite(x), y: Self.finite(y), build(content, s, id: id)))
        case .contentTransition(let value):
            return effect(content, s, id: id) { $0.motion.contentTransition = value }
        case .accessibilityLabel(let label):
            return effect(content, s, id: id) { $0.accessibilityLabel = label }
        case .shadow(let shadow):
            // Radii and offsets past what any widget uses are bounded: the blur's cost grows with them.
            let radius = Self.finite(shadow.radius, bound: 100)
            let drawn = styles.drawn(styles.color(shadow.color), accented: s.accented)
            return effect(content, s, id: id) {
                $0.shadow = RenderShadow(color: RenderColor(drawn), radius: max(0, radius),
                                         x: Self.finite(shadow.x, bound: 1000), y: Self.finite(shadow.y, bound: 1000))
            }
        case .blur(let radius, let opaque):
            let bounded = Self.finite(radius, bound: 100)
            guard bounded > 0 else { break }
            return effect(content, s, id: id) { $0.blur = (bounded, opaque) }
        case .numericTextValue(let value):
            return effect(content, s, id: id) {
                $0.motion.contentTransition = .numericText
                $0.motion.numericValue = value.isFinite ? value : nil
            }
        case .transition(let transition):
            return effect(content, s, id: id) { $0.motion.transition = transition }
        case .animation(let animation, let digest):
            return effect(content, s, id: id) {
                $0.motion.animationWritten = true
                $0.motion.animation = animation
                $0.motion.valueDigest = digest
            }
        case .textAttributes(let attributes):
            s.textAttributes = attributes.over(s.textAttributes)
        case .transform(let t):
            guard [t.scaleX, t.scaleY, t.rotation, t.anchor.x, t.anchor.y].allSatisfy(\.isFinite) else { break }
            let bounded = TransformValue(
                scaleX: Self.finite(t.scaleX, bound: 100), scaleY: Self.finite(t.scaleY, bound: 100),
                rotation: t.rotation.truncatingRemainder(dividingBy: 360),
                anchor: UnitPointValue(x: Self.finite(t.anchor.x, bound: 100), y: Self.finite(t.anchor.y, bound: 100)))
            return effect(content, s, id: id) { $0.transform = bounded }
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

    /// A font's point size: a fixed size as written; a text style at the device's text size, held
    /// within the sizes `.dynamicTypeSize(_:)` allows where the content set some.
    func fontSize(_ font: FontSpec?, _ style: InheritedStyle) -> Double {
        let textSize = style.textSizes.map { min($0.upperBound, max($0.lowerBound, context.settings.textSize)) } ?? context.settings.textSize
        switch font?.size {
        case .fixed(let size)?: return size.isFinite ? min(500, max(1, size)) : 17
        case .style(let style)?: return TextStyleTable.size(style, platform: context.platform, textSize: textSize)
        case nil: return TextStyleTable.size(defaultTextStyle, platform: context.platform, textSize: textSize)
        }
    }

    /// A system image's size relative to its font at each `Image.Scale` (SF Symbols' small and large
    /// scales, about 78 % and 129 % of medium).
    static func imageScaleFactor(_ scale: ImageScaleValue?) -> Double {
        switch scale {
        case .small?: 0.78
        case .large?: 1.29
        case .medium?, nil: 1
        }
    }

    /// The weight text and symbols take from the inherited style: one set on it, else the font's,
    /// else the text style's.
    func fontWeight(_ style: InheritedStyle) -> FontWeight {
        if let weight = style.weight ?? style.font?.weight { return weight }
        if case .style(let textStyle)? = style.font?.size { return TextStyleTable.weight(textStyle, platform: context.platform) }
        return TextStyleTable.weight(.body, platform: context.platform)
    }

    /// Small capitals' height, as a fraction of the capitals': about the lowercase letters' height.
    static let smallCapitalScale = 0.75

    /// A run with small capitals split into pieces: the letters `smallCaps` names become capitals at
    /// `smallCapitalScale` of the size, the rest stay as they are.
    static func smallCapitals(_ run: StyledText.Run, _ smallCaps: SmallCapsValue) -> [StyledText.Run] {
        guard smallCaps != .off else { return [run] }
        func shrinks(_ c: Character) -> Bool {
            switch smallCaps {
            case .lowercase: c.isLowercase
            case .uppercase: c.isUppercase
            case .all: c.isLetter && c.isCased
            case .off: false
            }
        }
        var pieces: [StyledText.Run] = []
        var current = "", small = false
        func flush() {
            guard !current.isEmpty else { return }
            var piece = run
            piece.text = small ? current.uppercased() : current
            if small { piece.size = run.size * smallCapitalScale }
            pieces.append(piece)
            current = ""
        }
        for c in run.text {
            if shrinks(c) != small { flush(); small.toggle() }
            current.append(c)
        }
        flush()
        return pieces.isEmpty ? [run] : pieces
    }

    /// Accessory widgets default to the body style; inline text is drawn in the system's own font.
    var defaultTextStyle: TextStyle { .body }

    private func styledText(_ text: TextNode, _ style: InheritedStyle) -> StyledText {
        let runs = text.runs.flatMap { run -> [StyledText.Run] in
            let font = run.font ?? style.font
            let size = fontSize(font, style)
            let styleWeight: FontWeight = if case .style(let ts)? = font?.size {
                TextStyleTable.weight(ts, platform: context.platform)
            } else {
                TextStyleTable.weight(.body, platform: context.platform)
            }
            let weight = run.weight ?? font?.weight ?? style.weight ?? styleWeight
            let design = font?.design == .default || font == nil ? TextStyleTable.design(platform: context.platform) : font!.design
            let color = styles.drawn(
                run.color.map(styles.color) ?? styles.foreground(style, level: run.foregroundLevel ?? foregroundLevel(style)), accented: style.accented)
            let attributes = run.attributes.over(style.textAttributes)
            var text = context.formatter.string(run.content, at: context.date)
            switch attributes.textCase {
            case .uppercase?: text = text.uppercased()
            case .lowercase?: text = text.lowercased()
            case .none?, nil: break
            }
            func decoration(_ d: TextDecoration?) -> RGBA? {
                guard let d, d.isActive else { return nil }
                return d.color.map { styles.drawn(styles.color($0), accented: style.accented) } ?? color
            }
            let styled = StyledText.Run(
                text: text, size: size, weight: weight, design: design,
                italic: run.italic || style.italic || font?.italic == true, color: color,
                spacing: Self.finite((attributes.kerning ?? 0) + (attributes.tracking ?? 0), bound: 100),
                widthFactor: font?.width.advanceFactor ?? 1,
                baselineOffset: Self.finite(attributes.baselineOffset ?? 0, bound: 500),
                underline: decoration(attributes.underline), strikethrough: decoration(attributes.strikethrough))
            return Self.smallCapitals(styled, font?.smallCaps ?? .off)
        }
        return StyledText(runs: runs, lineLimit: style.lineLimit, minimumScaleFactor: style.minimumScaleFactor,
                          alignment: style.textAlignment, redacted: style.redacted)
    }

    private func foregroundLevel(_ style: InheritedStyle) -> UInt8 {
        if case .foreground(let level)? = style.foreground { return level }
        return 0
    }

    private func fill(_ shape: ShapeNode, _ style: InheritedStyle) -> FillSpec {
        var spec = FillSpec(shape: shape.kind, color: nil, gradient: nil,
                            strokeWidth: shape.strokeWidth.map { Self.finite($0, bound: 500) }.map { max(0, $0) }, accented: style.accented)
        spec.strokeStyle = shape.strokeStyle
        spec.trim = shape.trim.map { min(1, max(0, $0.lowerBound))...max(min(1, max(0, $0.lowerBound)), min(1, $0.upperBound)) }
        switch shape.fill {
        case .color(let c)?:
            spec.color = styles.drawn(styles.color(c), accented: style.accented)
        case .linearGradient(let stops, let start, let end)?:
            if context.renderingMode == .fullColor {
                func point(_ p: UnitPointValue, _ fallback: UnitPointValue) -> UnitPointValue {
                    p.x.isFinite && p.y.isFinite ? UnitPointValue(x: Self.finite(p.x, bound: 100), y: Self.finite(p.y, bound: 100)) : fallback
                }
                spec.gradient = (stops.map { (styles.color($0.color), min(1, max(0, Self.finite($0.location)))) },
                                 point(start, UnitPointValue(x: 0.5, y: 0)), point(end, UnitPointValue(x: 0.5, y: 1)))
            } else {
                spec.color = styles.drawn(stops.first.map { styles.color($0.color) } ?? .white, accented: style.accented)
            }
        case .foreground(let level)?:
            spec.color = styles.drawn(styles.foreground(style, level: level), accented: style.accented)
        case .material(let material)?:
            spec.color = styles.drawn(SystemPalette.resolve(material, scheme: context.colorScheme), accented: style.accented)
            if spec.strokeWidth == nil { spec.backdropBlur = SystemPalette.blurRadius(material) }
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
        let gradient = inherited.tintGradient?.map { (styles.drawn(styles.color($0.color), accented: true), max(0, min(1, Self.finite($0.location)))) }
        var labelStyle = inherited
        if labelStyle.font == nil { labelStyle.font = FontSpec(size: .style(circular ? .caption2 : .caption)) }
        return ProgressSpec(
            fraction: fraction, style: style, circular: circular, tint: tint, track: track,
            label: label.map { build($0, labelStyle) }, currentValueLabel: current.map { build($0, labelStyle) }, isGauge: isGauge,
            gradient: gradient)
    }
}
