import ByteCoding
import Foundation

/// Encodes a `WidgetArchiveValue` to the binary archive format (container included).
/// Encoding cannot fail: every value the model can hold has an encoding.
public enum ArchiveEncoder {
    /// The complete archive file: header, string table, metadata, root node.
    public static func encode(_ value: WidgetArchiveValue) -> [UInt8] {
        var body = NodeWriter()
        body.metadata(value)
        body.node(value.root)

        // One buffer: the header (length and checksum filled in last), the string table, the body.
        var file = ByteWriter(capacity: ArchiveHeader.size + 8 + body.strings.reduce(0) { $0 + $1.utf8.count + 2 } + body.out.bytes.count)
        file.raw(ArchiveHeader.magic)
        file.u16(ArchiveHeader.currentVersion)
        file.u16(0)
        file.u32(0)  // payload length
        file.u32(0)  // payload CRC-32
        file.varint(body.strings.count)
        for string in body.strings {
            file.varint(string.utf8.count)
            file.bytes.append(contentsOf: string.utf8)
        }
        file.raw(body.out.bytes)
        file.setU32(UInt32(file.bytes.count - ArchiveHeader.size), at: 8)
        file.setU32(CRC32.checksum(file.bytes[ArchiveHeader.size...]), at: 12)
        return file.bytes
    }
}

/// Writes nodes into a body buffer, interning strings into the table as it goes.
struct NodeWriter {
    var out = ByteWriter(capacity: 1024)
    private var table = StringTable()
    var strings: [String] { table.strings }

    mutating func string(_ s: String) { out.varint(table.index(of: s)) }

    mutating func metadata(_ value: WidgetArchiveValue) {
        string(value.kind)
        out.u8(value.family.code)
        out.f64(value.entryDate.timeIntervalSince1970)
        out.u8(value.variant.renderingMode.rawValue)
        out.u8(value.variant.colorScheme.rawValue)
        let device = value.variant.device
        out.u8((value.variant.showsContainerBackground ? 1 : 0) | (value.variant.isLuminanceReduced ? 2 : 0)
            | (value.variant.isSimplified ? 4 : 0) | (device.isStandard ? 0 : 8))
        out.u8(value.variant.redactionReasons.rawValue)
        out.u8(value.flags.rawValue)
        if !device.isStandard {
            out.u8(device.textSize.rawValue)
            out.u8(device.layoutDirection.rawValue)
            string(device.locale)
            string(device.timeZone)
        }
    }

    mutating func node(_ node: ViewNode) {
        switch node {
        case .empty:
            out.u8(NodeTag.empty)
        case .text(let text):
            out.u8(NodeTag.text)
            out.varint(text.runs.count)
            for run in text.runs { self.run(run) }
        case .image(let image):
            self.image(image)
        case .color(let color):
            out.u8(NodeTag.color)
            self.color(color)
        case .shape(let shape):
            self.shape(shape)
        case .stack(let stack):
            out.u8(NodeTag.stack)
            out.u8(stack.axis.rawValue)
            alignment(stack.alignment)
            optionalF64(stack.spacing)
            out.varint(stack.children.count)
            for child in stack.children { self.node(child) }
        case .spacer(let minLength):
            out.u8(NodeTag.spacer)
            optionalF64(minLength)
        case .accessoryBackground:
            out.u8(NodeTag.accessoryBackground)
        case .viewThatFits(let fits):
            out.u8(NodeTag.viewThatFits)
            out.u8(fits.axes)
            out.varint(fits.alternatives.count)
            for child in fits.alternatives { self.node(child) }
        case .progress(let progress):
            self.progress(progress)
        case .gauge(let gauge):
            out.u8(NodeTag.gauge)
            out.f64(gauge.value); out.f64(gauge.minimum); out.f64(gauge.maximum)
            out.u8(gauge.style.rawValue)
            optionalNodes([gauge.label, gauge.currentValueLabel, gauge.minimumValueLabel, gauge.maximumValueLabel])
        case .control(let control):
            self.control(control)
        case .geometryReader(let content):
            out.u8(NodeTag.geometryReader)
            self.node(content)
        case .unsupported(let name):
            out.u8(NodeTag.unsupported)
            string(name)
        case .controlTemplate(let template):
            controlTemplate(template)
        case .modified(let content, .geometryProbe):
            // A probe exists only between the extension's layout passes: its content is what is archived.
            self.node(content)
        case .modified(let content, let modifier):
            out.u8(NodeTag.modified)
            self.modifier(modifier)
            self.node(content)
        }
    }

    private mutating func image(_ image: ImageNode) {
        out.u8(NodeTag.image)
        switch image.source {
        case .system(let name): out.u8(0); string(name)
        case .asset(let name): out.u8(1); string(name)
        case .data(let bytes): out.u8(2); out.varint(bytes.count); out.raw(bytes)
        }
        out.u8((image.resizable ? 1 : 0) | (image.template ? 2 : 0))
    }

    private mutating func shape(_ shape: ShapeNode) {
        out.u8(NodeTag.shape)
        shapeKind(shape.kind)
        let dash = shape.strokeStyle.flatMap { $0.dash.isEmpty ? nil : $0 }
        out.u8((shape.fill != nil ? 1 : 0) | (shape.strokeWidth != nil ? 2 : 0) | (shape.strokeStyle != nil ? 4 : 0)
               | (shape.trim != nil ? 8 : 0) | (dash != nil ? 16 : 0))
        if let fill = shape.fill { paint(fill) }
        if let width = shape.strokeWidth { out.f64(width) }
        if let style = shape.strokeStyle { out.u8(style.cap.rawValue); out.u8(style.join.rawValue); out.bool(style.inset) }
        if let trim = shape.trim { out.f64(trim.lowerBound); out.f64(trim.upperBound) }
        if let style = dash {
            let lengths = style.dash.prefix(StrokeStyleValue.maximumDashCount)
            out.varint(lengths.count)
            for length in lengths { out.f64(length) }
            out.f64(style.dashPhase)
        }
    }

    private mutating func progress(_ progress: ProgressNode) {
        out.u8(NodeTag.progress)
        switch progress.value {
        case .indeterminate:
            out.u8(0)
        case .fraction(let value, let total):
            out.u8(1); out.f64(value); out.f64(total)
        case .timerInterval(let start, let end, let countsDown):
            out.u8(2); out.f64(start.timeIntervalSince1970); out.f64(end.timeIntervalSince1970); out.bool(countsDown)
        }
        out.u8(progress.style.rawValue)
        optionalNodes([progress.label, progress.currentValueLabel])
    }

    private mutating func control(_ control: ControlNode) {
        out.u8(NodeTag.control)
        switch control.kind {
        case .button(let label):
            out.u8(0); self.node(label)
        case .plainButton(let label):
            out.u8(2); self.node(label)
        case .toggle(let isOn, let on, let off):
            out.u8(1); out.bool(isOn); self.node(on); self.node(off)
        }
        action(control.action)
    }

    /// A control template: style, flags, title, both faces, the tint, then the action.
    private mutating func controlTemplate(_ template: ControlTemplate) {
        out.u8(NodeTag.controlTemplate)
        out.u8(template.style.rawValue)
        out.u8((template.isOn ? 1 : 0) | (template.isPrivacySensitive ? 2 : 0) | (template.tint != nil ? 4 : 0))
        string(template.title)
        for face in [template.onFace, template.offFace] {
            switch face.symbol {
            case nil: out.u8(0)
            case .system(let name): out.u8(1); string(name)
            case .asset(let name): out.u8(2); string(name)
            }
            let texts = [face.value, face.status, face.actionHint]
            var bits: UInt8 = 0
            for (i, text) in texts.enumerated() where text != nil { bits |= 1 << UInt8(i) }
            out.u8(bits)
            for case let text? in texts { string(text) }
        }
        if let tint = template.tint { color(tint) }
        action(template.action)
    }

    private mutating func action(_ action: ControlAction) {
        switch action {
        case .inert:
            out.u8(0)
        case .intent(let intent):
            out.u8(1)
            string(intent.typeIdentifier)
            out.varint(intent.parameters.count)
            out.raw(intent.parameters)
        }
    }

    private mutating func optionalF64(_ value: Double?) {
        if let value { out.u8(1); out.f64(value) } else { out.u8(0) }
    }

    private mutating func optionalNodes(_ nodes: [ViewNode?]) {
        var bits: UInt8 = 0
        for (i, node) in nodes.enumerated() where node != nil { bits |= 1 << UInt8(i) }
        out.u8(bits)
        for case let node? in nodes { self.node(node) }
    }

    private mutating func run(_ run: TextRun) {
        switch run.content {
        case .literal(let s):
            out.u8(0); string(s)
        case .date(let date, let style):
            out.u8(1); out.f64(date.timeIntervalSince1970); out.u8(style.rawValue)
        case .timerInterval(let start, let end, let countsDown):
            out.u8(2); out.f64(start.timeIntervalSince1970); out.f64(end.timeIntervalSince1970); out.bool(countsDown)
        }
        let bits: UInt8 = (run.font != nil ? 1 : 0) | (run.weight != nil ? 2 : 0) | (run.italic ? 4 : 0) | (run.color != nil ? 8 : 0)
            | (run.hasAttributes ? 16 : 0) | (run.foregroundLevel != nil ? 32 : 0)
        out.u8(bits)
        if let font = run.font { self.font(font) }
        if let weight = run.weight { out.u8(weight.rawValue) }
        if let color = run.color { self.color(color) }
        if run.hasAttributes { textAttributes(run.attributes) }
        if let level = run.foregroundLevel { out.u8(level) }
    }

    private mutating func textAttributes(_ a: TextAttributes) {
        let present: [Bool] = [a.underline != nil, a.strikethrough != nil, a.kerning != nil, a.tracking != nil, a.baselineOffset != nil,
                               a.textCase != nil]
        var bits: UInt8 = 0
        for (i, p) in present.enumerated() where p { bits |= 1 << UInt8(i) }
        out.u8(bits)
        for case let decoration? in [a.underline, a.strikethrough] {
            out.bool(decoration.isActive)
            out.u8(decoration.pattern.rawValue)
            if let c = decoration.color { out.u8(1); color(c) } else { out.u8(0) }
        }
        for case let v? in [a.kerning, a.tracking, a.baselineOffset] { out.f64(v) }
        if let c = a.textCase { out.u8(c.rawValue) }
    }

    mutating func color(_ color: ColorValue) {
        switch color {
        case .rgba(let r, let g, let b, let a):
            out.u8(0); out.f64(r); out.f64(g); out.f64(b); out.f64(a)
        case .system(let system, let opacity):
            out.u8(1); out.u8(system.rawValue); out.f64(opacity)
        case .asset(let asset):
            out.u8(2); string(asset.name); out.f64(asset.opacity)
            let variants = [asset.light, asset.dark, asset.lightHighContrast, asset.darkHighContrast]
            var bits: UInt8 = 0
            for (i, v) in variants.enumerated() where v != nil { bits |= 1 << UInt8(i) }
            out.u8(bits)
            for case let c? in variants { out.f64(c.red); out.f64(c.green); out.f64(c.blue); out.f64(c.alpha) }
        }
    }

    private mutating func gradientStops(_ stops: [GradientStop]) {
        out.varint(stops.count)
        for stop in stops { color(stop.color); out.f64(stop.location) }
    }

    private mutating func paint(_ paint: Paint) {
        switch paint {
        case .color(let color):
            out.u8(0); self.color(color)
        case .linearGradient(let stops, let start, let end):
            out.u8(1)
            gradientStops(stops)
            out.f64(start.x); out.f64(start.y); out.f64(end.x); out.f64(end.y)
        case .foreground(let level):
            out.u8(2); out.u8(level)
        case .material(let material):
            out.u8(3); out.u8(material.rawValue)
        }
    }

    private mutating func font(_ font: FontSpec) {
        switch font.size {
        case .style(let style): out.u8(0); out.u8(style.rawValue)
        case .fixed(let size): out.u8(1); out.f64(size)
        }
        out.u8(font.weight?.rawValue ?? 0xFF)
        out.u8(font.design.rawValue | font.width.rawValue << 2 | (font.italic ? 16 : 0) | font.smallCaps.rawValue << 5)
    }

    private mutating func shapeKind(_ kind: ShapeKind) {
        switch kind {
        case .rectangle: out.u8(0)
        case .roundedRectangle(let radius, let continuous): out.u8(1); out.f64(radius); out.bool(continuous)
        case .circle: out.u8(2)
        case .ellipse: out.u8(3)
        case .capsule: out.u8(4)
        case .containerRelative: out.u8(5)
        case .path(let path):
            out.u8(6); out.f64(path.referenceWidth); out.f64(path.referenceHeight)
            out.varint(path.elements.count)
            for element in path.elements {
                switch element {
                case .move(let x, let y): out.u8(0); out.f64(x); out.f64(y)
                case .line(let x, let y): out.u8(1); out.f64(x); out.f64(y)
                case .quad(let x, let y, let cx, let cy): out.u8(2); out.f64(x); out.f64(y); out.f64(cx); out.f64(cy)
                case .cubic(let x, let y, let c1x, let c1y, let c2x, let c2y):
                    out.u8(3); out.f64(x); out.f64(y); out.f64(c1x); out.f64(c1y); out.f64(c2x); out.f64(c2y)
                case .close: out.u8(4)
                }
            }
        }
    }

    private mutating func alignment(_ alignment: AlignmentValue) {
        out.u8(alignment.horizontal.rawValue)
        out.u8(alignment.vertical.rawValue)
    }

    private mutating func modifier(_ modifier: ViewModifierNode) {
        switch modifier {
        case .geometryProbe:
            // Written as its content alone (`node(_:)`): nothing of the probe reaches an archive.
            break
        case .frame(let frame):
            out.u8(ModifierTag.frame)
            let values = [frame.minWidth, frame.idealWidth, frame.maxWidth, frame.minHeight, frame.idealHeight, frame.maxHeight]
            var bits: UInt8 = 0
            for (i, v) in values.enumerated() where v != nil { bits |= 1 << UInt8(i) }
            out.u8(bits)
            for case let v? in values { out.f64(v) }
            alignment(frame.alignment)
        case .padding(let padding):
            out.u8(ModifierTag.padding)
            out.u8(padding.edges)
            let values = [padding.top, padding.leading, padding.bottom, padding.trailing]
            var bits: UInt8 = 0
            for (i, v) in values.enumerated() where v != nil { bits |= 1 << UInt8(i) }
            out.u8(bits)
            for case let v? in values { out.f64(v) }
        case .background(let view, let align):
            out.u8(ModifierTag.background); alignment(align); node(view)
        case .overlay(let view, let align):
            out.u8(ModifierTag.overlay); alignment(align); node(view)
        case .mask(let view, let align):
            out.u8(ModifierTag.mask); alignment(align); node(view)
        case .position(let x, let y):
            out.u8(ModifierTag.position); out.f64(x); out.f64(y)
        case .containerBackground(let view):
            out.u8(ModifierTag.containerBackground); node(view)
        case .font(let f):
            out.u8(ModifierTag.font); font(f)
        case .fontWeight(let weight):
            out.u8(ModifierTag.fontWeight); out.u8(weight.rawValue)
        case .italic:
            out.u8(ModifierTag.italic)
        case .foreground(let p):
            out.u8(ModifierTag.foreground); paint(p)
        case .tint(let c):
            out.u8(ModifierTag.tint); color(c)
        case .opacity(let value):
            out.u8(ModifierTag.opacity); out.f64(value)
        case .widgetURL(let url):
            out.u8(ModifierTag.widgetURL); string(url)
        case .link(let url):
            out.u8(ModifierTag.link); string(url)
        case .accentable(let on):
            out.u8(ModifierTag.accentable); out.bool(on)
        case .privacySensitive(let on):
            out.u8(ModifierTag.privacySensitive); out.bool(on)
        case .invalidatable(let on):
            out.u8(ModifierTag.invalidatable); out.bool(on)
        case .identity(let id):
            out.u8(ModifierTag.identity); string(id)
        case .lineLimit(let limit):
            out.u8(ModifierTag.lineLimit)
            if let limit { out.u8(1); out.varint(limit) } else { out.u8(0) }
        case .minimumScaleFactor(let factor):
            out.u8(ModifierTag.minimumScaleFactor); out.f64(factor)
        case .multilineTextAlignment(let align):
            out.u8(ModifierTag.multilineTextAlignment); out.u8(align.rawValue)
        case .layoutPriority(let priority):
            out.u8(ModifierTag.layoutPriority); out.f64(priority)
        case .clipShape(let kind):
            out.u8(ModifierTag.clipShape); shapeKind(kind)
        case .aspectRatio(let ratio, let mode):
            out.u8(ModifierTag.aspectRatio); optionalF64(ratio); out.u8(mode.rawValue)
        case .redacted(let reasons):
            out.u8(ModifierTag.redacted); out.u8(reasons.rawValue)
        case .unredacted:
            out.u8(ModifierTag.unredacted)
        case .hidden:
            out.u8(ModifierTag.hidden)
        case .offset(let x, let y):
            out.u8(ModifierTag.offset); out.f64(x); out.f64(y)
        case .fixedSize(let h, let v):
            out.u8(ModifierTag.fixedSize); out.u8((h ? 1 : 0) | (v ? 2 : 0))
        case .contentTransition(let transition):
            out.u8(ModifierTag.contentTransition); out.u8(transition.rawValue)
        case .textAttributes(let attributes):
            out.u8(ModifierTag.textAttributes); textAttributes(attributes)
        case .transform(let t):
            out.u8(ModifierTag.transform)
            out.f64(t.scaleX); out.f64(t.scaleY); out.f64(t.rotation); out.f64(t.anchor.x); out.f64(t.anchor.y)
        case .transition(let t):
            out.u8(ModifierTag.transition); transition(t)
        case .animation(let animation, let digest):
            out.u8(ModifierTag.animation)
            if let animation { out.u8(1); self.animation(animation) } else { out.u8(0) }
            out.u64(digest)
        case .numericTextValue(let value):
            out.u8(ModifierTag.numericTextValue); out.f64(value)
        case .accessibilityLabel(let label):
            out.u8(ModifierTag.accessibilityLabel); string(label)
        case .accentedImageMode(let mode):
            out.u8(ModifierTag.accentedImageMode); out.u8(mode.rawValue)
        case .shadow(let shadow):
            out.u8(ModifierTag.shadow); color(shadow.color); out.f64(shadow.radius); out.f64(shadow.x); out.f64(shadow.y)
        case .blur(let radius, let opaque):
            out.u8(ModifierTag.blur); out.f64(radius); out.bool(opaque)
        case .symbolRenderingMode(let mode):
            out.u8(ModifierTag.symbolRenderingMode); out.u8(mode.rawValue)
        case .symbolPalette(let colors):
            out.u8(ModifierTag.symbolPalette)
            let kept = colors.prefix(2)
            out.varint(kept.count)
            for c in kept { color(c) }
        case .textSizeRange(let range):
            out.u8(ModifierTag.textSizeRange); out.u8(range.lowerBound.rawValue); out.u8(range.upperBound.rawValue)
        case .imageScale(let scale):
            out.u8(ModifierTag.imageScale); out.u8(scale.rawValue)
        case .blendMode(let mode):
            out.u8(ModifierTag.blendMode); out.u8(mode.rawValue)
        case .tintGradient(let stops):
            out.u8(ModifierTag.tintGradient)
            gradientStops(stops)
        }
    }

    private mutating func animation(_ a: AnimationValue) {
        switch a.curve {
        case .default: out.u8(0)
        case .spring(let response, let damping): out.u8(1); out.f64(response); out.f64(damping)
        case .springDuration(let duration, let bounce): out.u8(2); out.f64(duration); out.f64(bounce)
        case .smooth(let duration, let extra): out.u8(3); out.f64(duration); out.f64(extra)
        case .snappy(let duration, let extra): out.u8(4); out.f64(duration); out.f64(extra)
        case .bouncy(let duration, let extra): out.u8(5); out.f64(duration); out.f64(extra)
        case .linear(let duration): out.u8(6); out.f64(duration)
        case .easeIn(let duration): out.u8(7); out.f64(duration)
        case .easeOut(let duration): out.u8(8); out.f64(duration)
        case .easeInOut(let duration): out.u8(9); out.f64(duration)
        case .timingCurve(let c0x, let c0y, let c1x, let c1y, let duration):
            out.u8(10); out.f64(c0x); out.f64(c0y); out.f64(c1x); out.f64(c1y); out.f64(duration)
        }
        out.f64(a.delay); out.f64(a.speed)
    }

    private mutating func transition(_ t: TransitionValue) {
        switch t {
        case .identity: out.u8(0)
        case .opacity: out.u8(1)
        case .slide: out.u8(2)
        case .scale(let scale, let anchor): out.u8(3); out.f64(scale); out.f64(anchor.x); out.f64(anchor.y)
        case .move(let edge): out.u8(4); out.u8(edge.rawValue)
        case .push(let edge): out.u8(5); out.u8(edge.rawValue)
        case .offset(let x, let y): out.u8(6); out.f64(x); out.f64(y)
        case .asymmetric(let insertion, let removal): out.u8(7); transition(insertion); transition(removal)
        case .combined(let a, let b): out.u8(8); transition(a); transition(b)
        case .animated(let inner, let a): out.u8(9); transition(inner); animation(a)
        }
    }
}

/// Node tags: the first byte of every node. See `Archives/FORMAT.md`.
enum NodeTag {
    static let empty: UInt8 = 0x00
    static let text: UInt8 = 0x01
    static let image: UInt8 = 0x02
    static let color: UInt8 = 0x03
    static let shape: UInt8 = 0x04
    static let stack: UInt8 = 0x05
    static let spacer: UInt8 = 0x06
    static let accessoryBackground: UInt8 = 0x07
    static let viewThatFits: UInt8 = 0x08
    static let progress: UInt8 = 0x09
    static let gauge: UInt8 = 0x0A
    static let control: UInt8 = 0x0B
    static let geometryReader: UInt8 = 0x0C
    static let unsupported: UInt8 = 0x0D
    static let controlTemplate: UInt8 = 0x0E
    static let modified: UInt8 = 0x0F
}

/// Modifier tags: the byte after a `modified` node tag.
enum ModifierTag {
    static let frame: UInt8 = 0
    static let padding: UInt8 = 1
    static let background: UInt8 = 2
    static let overlay: UInt8 = 3
    static let containerBackground: UInt8 = 4
    static let font: UInt8 = 5
    static let fontWeight: UInt8 = 6
    static let italic: UInt8 = 7
    static let foreground: UInt8 = 8
    static let tint: UInt8 = 9
    static let opacity: UInt8 = 10
    static let widgetURL: UInt8 = 11
    static let link: UInt8 = 12
    static let accentable: UInt8 = 13
    static let privacySensitive: UInt8 = 14
    static let invalidatable: UInt8 = 15
    static let identity: UInt8 = 16
    static let lineLimit: UInt8 = 17
    static let minimumScaleFactor: UInt8 = 18
    static let multilineTextAlignment: UInt8 = 19
    static let layoutPriority: UInt8 = 20
    static let clipShape: UInt8 = 21
    static let aspectRatio: UInt8 = 22
    static let redacted: UInt8 = 23
    static let unredacted: UInt8 = 24
    static let hidden: UInt8 = 25
    static let offset: UInt8 = 26
    static let fixedSize: UInt8 = 27
    static let contentTransition: UInt8 = 28
    static let textAttributes: UInt8 = 29
    static let transform: UInt8 = 30
    static let transition: UInt8 = 31
    static let animation: UInt8 = 32
    static let numericTextValue: UInt8 = 33
    static let accessibilityLabel: UInt8 = 34
    static let accentedImageMode: UInt8 = 35
    static let shadow: UInt8 = 36
    static let blur: UInt8 = 37
    static let symbolRenderingMode: UInt8 = 38
    static let symbolPalette: UInt8 = 39
    static let textSizeRange: UInt8 = 40
    static let imageScale: UInt8 = 41
    static let tintGradient: UInt8 = 42
    static let blendMode: UInt8 = 43
    static let mask: UInt8 = 44
    static let position: UInt8 = 45
}
