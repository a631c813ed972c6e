import Foundation

/// A readable, stable text form of an archive: what `widget-host inspect` prints and what the golden
/// vectors pin next to their bytes. One node per line, children indented by two spaces.
public enum ArchiveTextDump {
    public static func dump(_ value: WidgetArchiveValue) -> String {
        var out = "archive kind=\(quoted(value.kind)) family=\(value.family) date=\(iso(value.entryDate)) variant=\(value.variant)"
        if !value.flags.isEmpty { out += " flags=\(flagNames(value.flags))" }
        out += "\n"
        dump(value.root, indent: 1, into: &out)
        return out
    }

    public static func dump(_ node: ViewNode) -> String {
        var out = ""
        dump(node, indent: 0, into: &out)
        return out
    }

    private static func dump(_ node: ViewNode, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        func line(_ s: String) { out += pad + s + "\n" }
        switch node {
        case .empty:
            line("Empty")
        case .text(let text):
            line("Text(" + text.runs.map(run).joined(separator: " + ") + ")")
        case .image(let image):
            var s: String
            switch image.source {
            case .system(let name): s = "Image(systemName: \(quoted(name)))"
            case .asset(let name): s = "Image(\(quoted(name)))"
            case .data(let bytes): s = "Image(data: \(bytes.count) bytes)"
            }
            if image.resizable { s += " resizable" }
            if image.template { s += " template" }
            line(s)
        case .color(let color):
            line("Color(\(self.color(color)))")
        case .shape(let shape):
            var s = "Shape(\(shapeKind(shape.kind))"
            if let fill = shape.fill { s += ", \(shape.strokeWidth == nil ? "fill" : "stroke"): \(paint(fill))" }
            if let width = shape.strokeWidth { s += ", lineWidth: \(number(width))" }
            if let style = shape.strokeStyle {
                s += ", lineCap: \(style.cap), lineJoin: \(style.join)\(style.inset ? ", inset" : "")"
                if !style.dash.isEmpty { s += ", dash: [\(style.dash.map(number).joined(separator: ", "))], dashPhase: \(number(style.dashPhase))" }
            }
            if let trim = shape.trim { s += ", trim: \(number(trim.lowerBound))...\(number(trim.upperBound))" }
            line(s + ")")
        case .stack(let stack):
            let name = ["HStack", "VStack", "ZStack"][Int(stack.axis.rawValue)]
            var s = "\(name)(alignment: \(alignment(stack.alignment, axis: stack.axis))"
            if let spacing = stack.spacing { s += ", spacing: \(number(spacing))" }
            line(s + ")")
            for child in stack.children { dump(child, indent: indent + 1, into: &out) }
        case .spacer(let minLength):
            line(minLength.map { "Spacer(minLength: \(number($0)))" } ?? "Spacer()")
        case .accessoryBackground:
            line("AccessoryWidgetBackground")
        case .viewThatFits(let fits):
            line("ViewThatFits(in: \(axes(fits.axes)))")
            for child in fits.alternatives { dump(child, indent: indent + 1, into: &out) }
        case .progress(let progress):
            var s = "ProgressView("
            switch progress.value {
            case .indeterminate: s += "indeterminate"
            case .fraction(let value, let total): s += "value: \(number(value)), total: \(number(total))"
            case .timerInterval(let start, let end, let down):
                s += "timerInterval: \(iso(start))...\(iso(end)), countsDown: \(down)"
            }
            line(s + ", style: \(progress.style))")
            labels([("label", progress.label), ("currentValueLabel", progress.currentValueLabel)], indent: indent + 1, into: &out)
        case .gauge(let gauge):
            line("Gauge(value: \(number(gauge.value)), in: \(number(gauge.minimum))...\(number(gauge.maximum)), style: \(gauge.style))")
            labels([("label", gauge.label), ("currentValueLabel", gauge.currentValueLabel),
                    ("minimumValueLabel", gauge.minimumValueLabel), ("maximumValueLabel", gauge.maximumValueLabel)],
                   indent: indent + 1, into: &out)
        case .control(let control):
            let action = actionText(control.action)
            switch control.kind {
            case .button(let label):
                line("Button(\(action))")
                dump(label, indent: indent + 1, into: &out)
            case .plainButton(let label):
                line("Button(\(action), style: plain)")
                dump(label, indent: indent + 1, into: &out)
            case .toggle(let isOn, let on, let off):
                line("Toggle(isOn: \(isOn), \(action))")
                out += pad + "  on:\n"
                dump(on, indent: indent + 2, into: &out)
                out += pad + "  off:\n"
                dump(off, indent: indent + 2, into: &out)
            }
        case .geometryReader(let content):
            line("GeometryReader")
            dump(content, indent: indent + 1, into: &out)
        case .unsupported(let name):
            line("Unsupported(\(quoted(name)))")
        case .controlTemplate(let template):
            controlTemplate(template, line: line)
        case .modified(let content, let modifier):
            switch modifier {
            case .background(let view, let align), .overlay(let view, let align), .mask(let view, let align):
                let name = switch modifier {
                case .background: "background"
                case .mask: "mask"
                default: "overlay"
                }
                line(".\(name)(alignment: \(alignment(align, axis: .depth)))")
                dump(view, indent: indent + 2, into: &out)
            case .containerBackground(let view):
                line(".containerBackground(for: .widget)")
                dump(view, indent: indent + 2, into: &out)
            default:
                line(describe(modifier))
            }
            dump(content, indent: indent + 1, into: &out)
        }
    }

    private static func labels(_ labels: [(String, ViewNode?)], indent: Int, into out: inout String) {
        for case let (name, node?) in labels {
            out += String(repeating: "  ", count: indent) + name + ":\n"
            dump(node, indent: indent + 1, into: &out)
        }
    }

    private static func describe(_ modifier: ViewModifierNode) -> String {
        switch modifier {
        case .frame(let f):
            var parts: [String] = []
            let named: [(String, Double?)] = [("minWidth", f.minWidth), ("idealWidth", f.idealWidth), ("maxWidth", f.maxWidth),
                                              ("minHeight", f.minHeight), ("idealHeight", f.idealHeight), ("maxHeight", f.maxHeight)]
            for case let (name, value?) in named { parts.append("\(name): \(number(value))") }
            parts.append("alignment: \(alignment(f.alignment, axis: .depth))")
            return ".frame(\(parts.joined(separator: ", ")))"
        case .padding(let p):
            var parts: [String] = []
            let named: [(UInt8, String, Double?)] = [(1, "top", p.top), (2, "leading", p.leading), (4, "bottom", p.bottom), (8, "trailing", p.trailing)]
            for (bit, name, value) in named where p.edges & bit != 0 { parts.append("\(name): \(value.map(number) ?? "default")") }
            return ".padding(\(parts.joined(separator: ", ")))"
        case .font(let f): return ".font(\(font(f)))"
        case .fontWeight(let w): return ".fontWeight(\(w))"
        case .italic: return ".italic()"
        case .foreground(let p): return ".foregroundStyle(\(paint(p)))"
        case .tint(let c): return ".tint(\(color(c)))"
        case .opacity(let v): return ".opacity(\(number(v)))"
        case .widgetURL(let url): return ".widgetURL(\(quoted(url)))"
        case .link(let url): return ".link(\(quoted(url)))"
        case .accentable(let on): return ".widgetAccentable(\(on))"
        case .privacySensitive(let on): return ".privacySensitive(\(on))"
        case .invalidatable(let on): return ".invalidatableContent(\(on))"
        case .identity(let id): return ".id(\(quoted(id)))"
        case .geometryProbe(let probe): return ".geometryProbe(\(probe))"
        case .lineLimit(let n): return ".lineLimit(\(n.map(String.init) ?? "nil"))"
        case .minimumScaleFactor(let v): return ".minimumScaleFactor(\(number(v)))"
        case .multilineTextAlignment(let a): return ".multilineTextAlignment(\(a))"
        case .layoutPriority(let v): return ".layoutPriority(\(number(v)))"
        case .clipShape(let k): return ".clipShape(\(shapeKind(k)))"
        case .aspectRatio(let r, let mode): return ".aspectRatio(\(r.map(number) ?? "nil"), contentMode: \(mode))"
        case .redacted(let r): return ".redacted(reason: \(r.rawValue))"
        case .unredacted: return ".unredacted()"
        case .hidden: return ".hidden()"
        case .offset(let x, let y): return ".offset(x: \(number(x)), y: \(number(y)))"
        case .fixedSize(let h, let v): return ".fixedSize(horizontal: \(h), vertical: \(v))"
        case .contentTransition(let t): return ".contentTransition(\(t))"
        case .textAttributes(let a): return ".text(\(textAttributes(a)))"
        case .transform(let t):
            return ".transform(scale: \(number(t.scaleX))×\(number(t.scaleY)), rotation: \(number(t.rotation))°, anchor: (\(number(t.anchor.x)), \(number(t.anchor.y))))"
        case .transition(let t): return ".transition(\(t))"
        case .animation(let a, let digest): return ".animation(\(a.map(\.description) ?? "nil"), value: #\(String(digest, radix: 16)))"
        case .numericTextValue(let v): return ".contentTransition(.numericText(value: \(number(v))))"
        case .accessibilityLabel(let label): return ".accessibilityLabel(\(quoted(label)))"
        case .accentedImageMode(let mode): return ".widgetAccentedRenderingMode(.\(mode))"
        case .shadow(let shadow):
            return ".shadow(color: \(color(shadow.color)), radius: \(number(shadow.radius)), x: \(number(shadow.x)), y: \(number(shadow.y)))"
        case .imageScale(let scale): return ".imageScale(.\(scale))"
        case .blendMode(let mode): return ".blendMode(.\(mode))"
        case .position(let x, let y): return ".position(x: \(number(x)), y: \(number(y)))"
        case .tintGradient(let stops):
            return ".tint(Gradient(stops: [\(stops.map { "\(color($0.color)) at \(number($0.location))" }.joined(separator: ", "))]))"
        case .textSizeRange(let range): return ".dynamicTypeSize(.\(range.lowerBound) ... .\(range.upperBound))"
        case .blur(let radius, let opaque): return ".blur(radius: \(number(radius))\(opaque ? ", opaque: true" : ""))"
        case .symbolRenderingMode(let mode): return ".symbolRenderingMode(.\(mode))"
        case .symbolPalette(let colors): return ".symbolPalette(\(colors.map(color).joined(separator: ", ")))"
        case .background, .overlay, .mask, .containerBackground: return ""
        }
    }

    private static func run(_ run: TextRun) -> String {
        var s: String
        switch run.content {
        case .literal(let text): s = quoted(text)
        case .date(let date, let style): s = "date(\(iso(date)), style: .\(style))"
        case .timerInterval(let start, let end, let down): s = "timerInterval(\(iso(start))...\(iso(end)), countsDown: \(down))"
        }
        var attrs: [String] = []
        if let f = run.font { attrs.append("font: \(font(f))") }
        if let weight = run.weight { attrs.append("weight: \(weight)") }
        if run.italic { attrs.append("italic") }
        if let c = run.color { attrs.append("color: \(color(c))") }
        if !run.attributes.isEmpty { attrs.append(textAttributes(run.attributes)) }
        if let level = run.foregroundLevel { attrs.append("foreground level: \(level)") }
        if !attrs.isEmpty { s += " [\(attrs.joined(separator: ", "))]" }
        return s
    }

    private static func textAttributes(_ a: TextAttributes) -> String {
        var parts: [String] = []
        func decoration(_ name: String, _ d: TextDecoration?) {
            guard let d else { return }
            var s = "\(name): \(d.isActive)"
            if d.pattern != .solid { s += " \(d.pattern)" }
            if let c = d.color { s += " \(color(c))" }
            parts.append(s)
        }
        decoration("underline", a.underline)
        decoration("strikethrough", a.strikethrough)
        if let v = a.kerning { parts.append("kerning: \(number(v))") }
        if let v = a.tracking { parts.append("tracking: \(number(v))") }
        if let v = a.baselineOffset { parts.append("baselineOffset: \(number(v))") }
        if let c = a.textCase { parts.append("textCase: \(c)") }
        return parts.joined(separator: ", ")
    }

    static func color(_ color: ColorValue) -> String {
        switch color {
        case .rgba(let r, let g, let b, let a):
            return "rgba(\(number(r)), \(number(g)), \(number(b)), \(number(a)))"
        case .system(let c, let opacity):
            return opacity == 1 ? ".\(c)" : ".\(c) opacity \(number(opacity))"
        case .asset(let asset):
            var parts = [quoted(asset.name)]
            let named: [(String, ColorComponents?)] = [("light", asset.light), ("dark", asset.dark),
                                                       ("lightHighContrast", asset.lightHighContrast), ("darkHighContrast", asset.darkHighContrast)]
            for case let (name, c?) in named {
                parts.append("\(name): rgba(\(number(c.red)), \(number(c.green)), \(number(c.blue)), \(number(c.alpha)))")
            }
            if asset.isMissing { parts.append("missing") }
            if asset.opacity != 1 { parts.append("opacity \(number(asset.opacity))") }
            return "asset(\(parts.joined(separator: ", ")))"
        }
    }

    private static func paint(_ paint: Paint) -> String {
        switch paint {
        case .color(let c): return color(c)
        case .foreground(let level): return "foreground(level: \(level))"
        case .material(let m): return "material(\(m))"
        case .linearGradient(let stops, let start, let end):
            let s = stops.map { "\(color($0.color)) at \(number($0.location))" }.joined(separator: ", ")
            return "linearGradient([\(s)], from: (\(number(start.x)), \(number(start.y))), to: (\(number(end.x)), \(number(end.y))))"
        }
    }

    private static func font(_ font: FontSpec) -> String {
        var s: String
        switch font.size {
        case .style(let style): s = ".\(style)"
        case .fixed(let size): s = "size \(number(size))"
        }
        if let weight = font.weight { s += " weight \(weight)" }
        if font.design != .default { s += " design \(font.design)" }
        if font.width != .standard { s += " width \(font.width)" }
        if font.italic { s += " italic" }
        if font.smallCaps != .off { s += " smallCaps \(font.smallCaps)" }
        return s
    }

    private static func shapeKind(_ kind: ShapeKind) -> String {
        switch kind {
        case .rectangle: return "Rectangle"
        case .roundedRectangle(let r, let continuous): return "RoundedRectangle(cornerRadius: \(number(r))\(continuous ? ", style: .continuous" : ""))"
        case .circle: return "Circle"
        case .ellipse: return "Ellipse"
        case .capsule: return "Capsule"
        case .containerRelative: return "ContainerRelativeShape"
        case .path(let p): return "Path(\(p.elements.count) elements in \(number(p.referenceWidth))×\(number(p.referenceHeight)))"
        }
    }

    private static func alignment(_ a: AlignmentValue, axis: StackAxis) -> String {
        switch axis {
        case .horizontal: return ".\(a.vertical)"
        case .vertical: return ".\(a.horizontal)"
        case .depth: return ".\(a.horizontal)/\(a.vertical)"
        }
    }

    private static func axes(_ bits: UInt8) -> String {
        switch bits {
        case 1: return ".horizontal"
        case 2: return ".vertical"
        case 3: return "[.horizontal, .vertical]"
        default: return "[]"
        }
    }

    private static func flagNames(_ flags: ConfigurationFlags) -> String {
        var names: [String] = []
        if flags.contains(.contentMarginsDisabled) { names.append("contentMarginsDisabled") }
        if flags.contains(.backgroundNotRemovable) { names.append("backgroundNotRemovable") }
        if flags.contains(.intentConfigurable) { names.append("intentConfigurable") }
        if flags.contains(.promptsForUserConfiguration) { names.append("promptsForUserConfiguration") }
        return names.joined(separator: ",")
    }

    /// Shortest round-tripping decimal form, without a trailing ".0".
    static func number(_ v: Double) -> String {
        if v == .infinity { return "infinity" }
        if v == -.infinity { return "-infinity" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }

    private static func actionText(_ action: ControlAction) -> String {
        switch action {
        case .inert: "inert"
        case .intent(let intent): "intent: \(quoted(intent.typeIdentifier)), parameters: \(intent.parameters.count) bytes"
        }
    }

    private static func controlTemplate(_ template: ControlTemplate, line: (String) -> Void) {
        var head = "ControlTemplate(\(template.style)"
        if template.style == .toggle { head += ", isOn: \(template.isOn)" }
        head += ", title: \(quoted(template.title)), \(actionText(template.action))"
        if let tint = template.tint { head += ", tint: \(color(tint))" }
        if template.isPrivacySensitive { head += ", privacySensitive" }
        line(head + ")")
        let faces = template.style == .toggle ? [("on", template.onFace), ("off", template.offFace)] : [("face", template.onFace)]
        for (name, face) in faces {
            var s = "  \(name):"
            switch face.symbol {
            case .system(let symbol): s += " symbol: \(quoted(symbol))"
            case .asset(let symbol): s += " asset symbol: \(quoted(symbol))"
            case nil: s += " no symbol"
            }
            if let value = face.value { s += ", value: \(quoted(value))" }
            if let status = face.status { s += ", status: \(quoted(status))" }
            if let hint = face.actionHint { s += ", actionHint: \(quoted(hint))" }
            line(s)
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func iso(_ date: Date) -> String { CivilDate.isoDate(date) }
}
