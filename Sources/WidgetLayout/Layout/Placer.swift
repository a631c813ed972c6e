import Foundation
import WidgetArchive

/// Places a sized layout tree into frames and emits render nodes.
struct Placer {
    let styles: StyleResolver
    var containerCorner: Double
    var containerRect: Rect
    /// Where the probes of the tree are recorded, when its caller is finding them.
    var probes: GeometryProbeFrames? = nil

    func color(_ c: RGBA) -> RenderColor { RenderColor(c) }

    /// Right to left: leading is the right-hand side, horizontal stacks run from the right, and
    /// leading padding is on the right. Text and images keep their own direction.
    var mirrored: Bool { styles.context.isMirrored }

    func drawn(_ alignment: TextAlignmentValue) -> TextAlignmentValue {
        guard mirrored else { return alignment }
        switch alignment {
        case .leading: return .trailing
        case .trailing: return .leading
        case .center: return .center
        }
    }

    /// An alignment as drawn: leading and trailing swap sides right to left.
    func drawn(_ alignment: HorizontalAlignmentValue) -> HorizontalAlignmentValue {
        guard mirrored else { return alignment }
        switch alignment {
        case .leading: return .trailing
        case .trailing: return .leading
        case .center: return .center
        }
    }

    /// Render nodes for `node` placed in `rect` (the size it chose for this proposal).
    func place(_ node: LayoutNode, in rect: Rect) -> [RenderNode] {
        switch node.kind {
        case .empty:
            return []
        case .spacer:
            return []
        case .text(let text):
            return [textNode(text, rect)]
        case .image(let image):
            return [imageNode(image, rect)]
        case .unsupported(let name):
            // What the system shows for a view widgets cannot display.
            var n = RenderNode(role: .unsupported, frame: rect)
            n.text = name
            n.color = color(RGBA(bytes: 255, 204, 0))
            return [n]
        case .fill(let spec):
            return [fillNode(spec, rect)]
        case .accessoryBackground(let tint):
            var n = RenderNode(role: .accessoryBackground, frame: rect)
            n.color = color(tint)
            n.shape = rect.width == rect.height ? .circle : .roundedRect
            if rect.width != rect.height { n.cornerRadius = min(12, rect.height / 2) }
            return [n]
        case .stack(let axis, let alignment, let spacing, let children):
            var stack = RenderNode(role: .stack, frame: rect)
            stack.style = axis == .horizontal ? .h : axis == .vertical ? .v : .z
            stack.children = placeStack(axis: axis, alignment: alignment, spacing: spacing, children: children, in: rect)
            return [stack]
        case .frame(let spec, let child):
            let childProposal = FrameLayout.proposalForChild(spec, ProposedSize(rect.size))
            let s = child.sizeThatFits(childProposal)
            return place(child, in: aligned(s, in: rect, spec.alignment))
        case .padding(let t, let l, let b, let r, let child):
            return place(child, in: mirrored ? rect.insetBy(top: t, leading: r, bottom: b, trailing: l) : rect.insetBy(top: t, leading: l, bottom: b, trailing: r))
        case .decorated(let child, let decoration, let alignment, let isBackground):
            let content = place(child, in: rect)
            let s = decoration.sizeThatFits(ProposedSize(rect.size))
            let deco = place(decoration, in: aligned(s, in: rect, alignment))
            var group = RenderNode(role: .group, frame: rect)
            group.children = isBackground ? deco + content : content + deco
            return [group]
        case .fitting(let axes, let alternatives):
            guard let chosen = ViewThatFitsLayout.choose(axes: axes, alternatives: alternatives, proposal: ProposedSize(rect.size)) else { return [] }
            return place(chosen, in: rect)
        case .progress(let spec):
            return [progressNode(spec, rect)]
        case .control(let spec, let label):
            return [controlNode(spec, label: label, rect)]
        case .effect(let spec, let child):
            return effectNodes(spec, child: child, rect)
        case .positioned(let x, let y, let child):
            // Right to left, x is measured from the right-hand edge.
            let s = child.sizeThatFits(ProposedSize(rect.size))
            let cx = mirrored ? rect.maxX - x : rect.x + x
            return place(child, in: Rect(x: cx - s.width / 2, y: rect.y + y - s.height / 2, width: s.width, height: s.height))
        case .fixedSize(let h, let v, let child):
            let s = child.sizeThatFits(ProposedSize(width: h ? nil : rect.width, height: v ? nil : rect.height))
            return place(child, in: aligned(s, in: rect, .center))
        case .geometryReader(let content):
            // The content is proposed the reader's whole size and placed at its top leading corner.
            var reader = RenderNode(role: .group, frame: rect)
            reader.style = .geometryReader
            let s = content.sizeThatFits(ProposedSize(rect.size))
            reader.children = place(content, in: Rect(x: mirrored ? rect.maxX - s.width : rect.x, y: rect.y, width: s.width, height: s.height))
            return [reader]
        case .aspect(let ratio, let mode, let child):
            let r = ratio ?? node.intrinsicRatio(child) ?? 1
            let target = AspectLayout.fit(ratio: r, mode: mode, proposal: ProposedSize(rect.size))
            let s = child.sizeThatFits(ProposedSize(target))
            return place(child, in: aligned(s, in: rect, .center))
        }
    }

    private func imageNode(_ image: ImageSpec, _ rect: Rect) -> RenderNode {
        var n = RenderNode(role: .image, frame: rect)
        switch image.source {
        case .system:
            n.imageName = image.name
            if let mode = image.symbolMode, mode != .monochrome { n.symbolRenderingMode = mode }
            if !image.symbolPalette.isEmpty { n.symbolPalette = image.symbolPalette.map(color) }
            if mirrored && Self.pointsInReadingDirection(image.name) { n.mirrored = true }
            if image.weight != .regular { n.symbolWeight = image.weight }
        case .asset: n.imageName = image.name; n.style = .asset
        case .data(let bytes): n.style = .data; n.imageData = Base64Bytes(bytes)
        }
        n.color = color(image.color)
        if case .system = image.source {} else { n.imageTreatment = image.treatment }
        return n
    }

    /// Symbols named for the reading direction (`chevron.forward`, `arrow.backward`), which SF
    /// Symbols draws flipped right to left; `chevron.right` stays as it is.
    static func pointsInReadingDirection(_ name: String) -> Bool {
        name.split(separator: ".").contains { $0 == "forward" || $0 == "backward" }
    }

    /// A button or toggle: its action, and its label (a tinted capsule behind a bordered button's).
    private func controlNode(_ spec: ControlSpec, label: LayoutNode, _ rect: Rect) -> RenderNode {
        var n = RenderNode(role: .control, frame: rect)
        n.id = spec.elementID
        switch spec.action {
        case .inert: n.action = Action(kind: .inert, target: nil, parameters: nil, isToggle: spec.isToggle ? true : nil)
        case .intent(let intent):
            n.action = Action(kind: .intent, target: intent.typeIdentifier,
                              parameters: Base64Bytes(intent.parameters), isToggle: spec.isToggle ? true : nil)
        }
        if spec.isToggle {
            n.isOn = spec.isOn
            n.style = .toggle
            n.children = place(label, in: rect)
        } else if spec.isPlain {
            n.style = .plainButton
            n.children = place(label, in: rect)
        } else {
            n.style = .button
            var background = RenderNode(role: .shape, frame: rect)
            background.shape = .capsule
            background.color = color(spec.tint.multiplyingAlpha(0.18))
            n.children = [background] + place(label, in: rect.insetBy(top: ControlLayout.vPad, leading: ControlLayout.hPad,
                                                                        bottom: ControlLayout.vPad, trailing: ControlLayout.hPad))
        }
        return n
    }

    /// What an effect does to its content's frames: offset, transform, opacity, identity, link,
    /// invalidation and clipping; a wrapper with nothing to carry is left out.
    private func effectNodes(_ spec: EffectSpec, child: LayoutNode, _ rect: Rect) -> [RenderNode] {
        var r = rect
        if let (dx, dy) = spec.offset { r = r.offsetBy(dx: mirrored ? -dx : dx, dy: dy) }
        if spec.hidden { return [] }
        var group = RenderNode(role: .group, frame: r)
        group.children = place(child, in: r)
        if let t = spec.transform { group.transform = RenderTransform(t, in: r) }
        if let o = spec.opacity { group.opacity = min(1, max(0, o)) }
        group.id = spec.id
        if let probe = spec.probe { probes?.record(probe, r) }
        if let url = spec.url { group.action = Action(kind: .url, target: url, parameters: nil, isToggle: nil) }
        if spec.invalidated {
            group.invalidated = true
            group.opacity = (group.opacity ?? 1) * 0.5
        }
        if let clip = spec.clip {
            group.clips = true
            applyShape(clip, to: &group, rect: r)
        }
        if !spec.motion.isEmpty { group.motion = spec.motion }
        group.accessibilityLabel = spec.accessibilityLabel
        group.shadow = spec.shadow
        group.blendMode = spec.blendMode
        if let (view, alignment) = spec.mask {
            let s = view.sizeThatFits(ProposedSize(r.size))
            group.mask = place(view, in: aligned(s, in: r, alignment))
        }
        if let blur = spec.blur {
            group.blurRadius = blur.radius
            if blur.opaque { group.blurOpaque = true }
        }
        // Collapse a bare wrapper with nothing to say; an identity, motion or label alone goes onto its
        // single node (motion merged: what is written outside wins, as SwiftUI applies it).
        if group.opacity == nil && group.action == nil && group.clips == nil && group.invalidated == nil && group.transform == nil
            && group.shadow == nil && group.blurRadius == nil && group.blendMode == nil && group.mask == nil {
            if group.id == nil && group.motion == nil && group.accessibilityLabel == nil { return group.children }
            if group.children.count == 1 {
                var only = group.children[0]
                if let id = group.id { only.id = id }
                if let label = group.accessibilityLabel { only.accessibilityLabel = label }
                if let motion = group.motion { only.motion = RenderMotion.merged(outer: motion, inner: only.motion) }
                return [only]
            }
        }
        return [group]
    }

    func aligned(_ size: Size, in rect: Rect, _ alignment: AlignmentValue) -> Rect {
        let x: Double = switch drawn(alignment.horizontal) {
        case .leading: rect.x
        case .center: rect.x + (rect.width - size.width) / 2
        case .trailing: rect.maxX - size.width
        }
        let y: Double = switch alignment.vertical {
        case .top, .firstTextBaseline: rect.y
        case .center: rect.y + (rect.height - size.height) / 2
        case .bottom, .lastTextBaseline: rect.maxY - size.height
        }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    private func placeStack(axis: StackAxis, alignment: AlignmentValue, spacing: Double, children: [LayoutNode], in rect: Rect) -> [RenderNode] {
        var out: [RenderNode] = []
        switch axis {
        case .depth:
            for child in children where !child.isEmpty {
                let s = child.sizeThatFits(ProposedSize(rect.size))
                out += place(child, in: aligned(s, in: rect, alignment))
            }
        case .horizontal, .vertical:
            let a: LayoutAxis = axis == .horizontal ? .horizontal : .vertical
            let sizes = StackLayout.childSizes(axis: a, spacing: spacing, children: children, proposal: ProposedSize(rect.size))
            // Right to left, a horizontal stack's first child is at the right, the cursor moving left.
            let backwards = a == .horizontal && mirrored
            var cursor = a == .horizontal ? (backwards ? rect.maxX : rect.x) : rect.y
            var first = true
            for (i, child) in children.enumerated() where !child.isEmpty {
                if !first { cursor += backwards ? -spacing : spacing }
                first = false
                let s = sizes[i]
                let childRect: Rect
                if a == .horizontal {
                    let y: Double = switch alignment.vertical {
                    case .top, .firstTextBaseline: rect.y
                    case .center: rect.y + (rect.height - s.height) / 2
                    case .bottom, .lastTextBaseline: rect.maxY - s.height
                    }
                    if backwards {
                        childRect = Rect(x: cursor - s.width, y: y, width: s.width, height: s.height)
                        cursor -= s.width
                    } else {
                        childRect = Rect(x: cursor, y: y, width: s.width, height: s.height)
                        cursor += s.width
                    }
                } else {
                    let x: Double = switch drawn(alignment.horizontal) {
                    case .leading: rect.x
                    case .center: rect.x + (rect.width - s.width) / 2
                    case .trailing: rect.maxX - s.width
                    }
                    childRect = Rect(x: x, y: cursor, width: s.width, height: s.height)
                    cursor += s.height
                }
                out += place(child, in: childRect)
            }
        }
        return out
    }

    private func textNode(_ text: StyledText, _ rect: Rect) -> RenderNode {
        let layout = TextLayout.layout(text, proposal: ProposedSize(rect.size))
        var node = RenderNode(role: .text, frame: rect)
        var lines: [TextLine] = []
        var y = rect.y
        for line in layout.lines {
            let width = line.width
            let x: Double = switch drawn(text.alignment) {
            case .leading: rect.x
            case .center: rect.x + (rect.width - width) / 2
            case .trailing: rect.maxX - width
            }
            let baseline = y + layout.lineHeight * 0.5 + text.maxSize * layout.scale * (TextMetrics.ascent - TextMetrics.descent) / 2
            var runX = x
            var runs: [TextLineRun] = []
            var lastRun = -1
            for piece in line.pieces {
                let r = text.runs[piece.run]
                if piece.run == lastRun, var previous = runs.popLast() {
                    // Words of the same run on one line are drawn as one piece of text.
                    previous.text += String(piece.text)
                    runs.append(previous)
                    runX += piece.width
                    continue
                }
                lastRun = piece.run
                var run = TextLineRun(
                    text: String(piece.text), x: runX, fontSize: r.size * layout.scale, weight: r.weight,
                    design: r.design, italic: r.italic, color: color(r.color))
                if r.spacing != 0 { run.spacing = r.spacing * layout.scale }
                if r.widthFactor != 1 { run.widthFactor = r.widthFactor }
                if r.baselineOffset != 0 { run.baselineOffset = r.baselineOffset * layout.scale }
                run.underline = r.underline.map(color)
                run.strikethrough = r.strikethrough.map(color)
                runs.append(run)
                runX += piece.width
            }
            if runs.contains(where: { BidiReordering.hasRightToLeft($0.text[...]) }) {
                // Arabic letters joined as their neighbours call for, then the line in reading order.
                for i in runs.indices where ArabicShaping.needsShaping(runs[i].text) { runs[i].text = ArabicShaping.shaped(runs[i].text) }
                runs = Self.visuallyOrdered(runs, in: x, width, direction: BidiReordering.paragraphDirection(
                    text.plain, fallback: mirrored ? .rtl : .ltr))
            }
            lines.append(TextLine(x: x, baseline: baseline, width: width, runs: runs))
            y += layout.lineHeight
        }
        node.lines = lines
        // The whole string when it is all shown (wrapping only moves it); what is visible when truncated.
        node.text = layout.truncated ? lines.map { $0.runs.map(\.text).joined() }.joined(separator: " ") : text.plain
        node.color = text.runs.first.map { color($0.color) }
        if text.redacted { node.redacted = true }
        return node
    }

    /// A line's runs in the order they are drawn, each piece of a run where its characters land,
    /// advanced by the same measure layout used, from the line's start (`x`) or, right to left, so as
    /// to end where the line does (`x + width`: ligatures can make the shaped line shorter).
    static func visuallyOrdered(_ runs: [TextLineRun], in x: Double, _ width: Double, direction: BidiReordering.Direction) -> [TextLineRun] {
        let characters = runs.enumerated().flatMap { index, run in run.text.map { ($0, index) } }
        var pieces: [(text: String, run: Int)] = []
        for (character, run) in BidiReordering.visualOrder(characters, direction: direction) {
            if let last = pieces.last, last.run == run { pieces[pieces.count - 1].text.append(character) } else { pieces.append((String(character), run)) }
        }
        let widths = pieces.map { piece in
            let run = runs[piece.run]
            return TextMetrics.width(piece.text, size: run.fontSize, weight: run.weight, design: run.design,
                                     widthFactor: run.widthFactor ?? 1, spacing: run.spacing ?? 0)
        }
        var cursor = direction == .rtl ? x + width - widths.reduce(0, +) : x
        return zip(pieces, widths).map { piece, pieceWidth in
            var run = runs[piece.run]
            run.text = piece.text
            run.x = cursor
            cursor += pieceWidth
            return run
        }
    }

    private func fillNode(_ spec: FillSpec, _ rect: Rect) -> RenderNode {
        var n = RenderNode(role: .shape, frame: rect)
        applyShape(spec.shape, to: &n, rect: rect)
        if let solid = spec.color { n.color = color(solid) }
        if let g = spec.gradient {
            n.gradient = GradientPaint(stops: g.stops.map { GradientPaint.Stop(color: color($0.0), location: $0.1) },
                                       startX: g.start.x, startY: g.start.y, endX: g.end.x, endY: g.end.y)
        }
        n.strokeWidth = spec.strokeWidth
        n.backdropBlur = spec.backdropBlur
        if let style = spec.strokeStyle {
            if style.cap != .butt { n.lineCap = style.cap == .round ? .round : .square }
            if style.join != .miter { n.lineJoin = style.join == .round ? .round : .bevel }
            if style.isDashed {
                n.dash = style.dash
                if style.dashPhase != 0 { n.dashPhase = style.dashPhase }
            }
        }
        if let trim = spec.trim, trim != 0...1 {
            n.trimFrom = trim.lowerBound
            n.trimTo = trim.upperBound
        }
        if spec.accented && styles.context.renderingMode == .accented { n.accented = true }
        return n
    }

    func applyShape(_ kind: ShapeKind, to n: inout RenderNode, rect: Rect) {
        switch kind {
        case .rectangle: n.shape = .rect
        case .roundedRectangle(let r, let continuous):
            n.shape = .roundedRect
            n.cornerRadius = max(0, min(r.isFinite ? r : 0, min(rect.width, rect.height) / 2))
            n.continuousCorners = continuous
        case .circle: n.shape = .circle
        case .ellipse: n.shape = .ellipse
        case .capsule: n.shape = .capsule
        case .containerRelative:
            // Concentric with the container: its radius minus the distance to the nearest container edge.
            let inset = min(rect.x - containerRect.x, rect.y - containerRect.y,
                            containerRect.maxX - rect.maxX, containerRect.maxY - rect.maxY)
            n.shape = .roundedRect
            n.cornerRadius = max(0, containerCorner - max(0, inset))
            n.continuousCorners = true
        case .path(let path):
            n.shape = .path
            n.pathData = RenderPath(path, in: rect)
        }
    }

    private func progressNode(_ spec: ProgressSpec, _ rect: Rect) -> RenderNode {
        var n = RenderNode(role: spec.isGauge ? .gauge : .progress, frame: rect)
        n.fraction = spec.fraction
        n.style = spec.circular ? .circular : .linear
        n.color = color(spec.tint)
        if let stops = spec.gradient, stops.count > 1 {
            // Along the bar, or around the arc from its start (the drawing maps it onto the angle).
            n.gradient = GradientPaint(stops: stops.map { GradientPaint.Stop(color: color($0.0), location: $0.1) },
                                       startX: 0, startY: 0.5, endX: 1, endY: 0.5)
        }
        if spec.marksValue { n.marksValue = true }
        if spec.isOpenArc { n.openArc = true }
        var track = RenderNode(role: .shape, frame: rect)
        track.color = color(spec.track)
        if spec.circular {
            track.shape = .circle
            track.strokeWidth = max(2, rect.width * 0.1)
            var children = [track]
            if let current = spec.currentValueLabel {
                let s = current.sizeThatFits(ProposedSize(width: rect.width * 0.7, height: rect.height * 0.7))
                children += place(current, in: aligned(s, in: rect, .center))
            }
            n.children = children
        } else {
            var y = rect.y
            var children: [RenderNode] = []
            if let label = spec.label {
                let s = label.sizeThatFits(ProposedSize(width: rect.width, height: nil))
                children += place(label, in: Rect(x: mirrored ? rect.maxX - s.width : rect.x, y: y, width: s.width, height: s.height))
                y += s.height + 4
            }
            track.frame = Rect(x: rect.x, y: y, width: rect.width, height: ProgressLayout.barHeight)
            track.shape = .capsule
            children.append(track)
            y += ProgressLayout.barHeight + 4
            if let current = spec.currentValueLabel {
                let s = current.sizeThatFits(ProposedSize(width: rect.width, height: nil))
                children += place(current, in: Rect(x: mirrored ? rect.maxX - s.width : rect.x, y: y, width: s.width, height: s.height))
            }
            n.children = children
            if mirrored { n.mirrored = true }
        }
        return n
    }
}
