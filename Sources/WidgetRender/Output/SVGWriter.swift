import Foundation
import WidgetArchive
import WidgetLayout

/// Writes a render tree as SVG (in points): shapes, gradients, clip paths and text with its font.
public enum SVGWriter {
    public static func svg(_ tree: RenderTree) -> String {
        var document = SVGDocument()
        if let c = tree.backdrop?.rgba {
            document.body += "<rect data-role=\"backdrop\" width=\"100%\" height=\"100%\" fill=\"\(c.hex)\"/>\n"
        }
        document.visit(tree.root, "")
        let w = SVGDocument.n(tree.size.width), h = SVGDocument.n(tree.size.height)
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" data-family="\(tree.family)" data-placement="\(tree.placement)">
        <defs>\(document.defs)</defs>
        \(document.body)</svg>

        """
    }
}

/// The SVG being written: definitions (clip paths, gradients) apart from the drawing.
private struct SVGDocument {
    var defs = ""
    var body = ""
    /// Numbers the clip paths and gradients.
    var counter = 0

    static func attr(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func n(_ v: Double) -> String { RenderTreeDump.fmt(v) }

    func attr(_ s: String) -> String { Self.attr(s) }
    func n(_ v: Double) -> String { Self.n(v) }

    func colorAttrs(_ color: RenderColor?, _ name: String) -> String {
        guard let c = color?.rgba else { return "\(name)=\"none\"" }
        var s = "\(name)=\"\(c.hex)\""
        if c.a < 1 { s += " \(name)-opacity=\"\(n(c.a))\"" }
        return s
    }

    func shapeElement(_ node: RenderNode, _ extra: String) -> String {
        let r = node.frame
        switch node.shape {
        case .circle:
            let d = min(r.width, r.height)
            return "<circle cx=\"\(n(r.x + r.width / 2))\" cy=\"\(n(r.y + r.height / 2))\" r=\"\(n(d / 2))\" \(extra)/>"
        case .ellipse:
            return "<ellipse cx=\"\(n(r.x + r.width / 2))\" cy=\"\(n(r.y + r.height / 2))\" rx=\"\(n(r.width / 2))\" ry=\"\(n(r.height / 2))\" \(extra)/>"
        case .capsule:
            let rad = min(r.width, r.height) / 2
            return "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" rx=\"\(n(rad))\" \(extra)/>"
        case .path where node.pathData != nil:
            return "<path d=\"\(node.pathData?.svg ?? "")\" \(extra)/>"
        case .roundedRect:
            return "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" rx=\"\(n(node.cornerRadius ?? 0))\" \(extra)/>"
        default:
            return "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" \(extra)/>"
        }
    }

    /// A node and its children; a group element when the node has attributes to carry.
    mutating func visit(_ node: RenderNode, _ indent: String) {
        var attrs: [String] = []
        if let o = node.opacity { attrs.append("opacity=\"\(n(o))\"") }
        if let id = node.id { attrs.append("data-id=\"\(attr(id))\"") }
        if let action = node.action { attrs.append("data-action=\"\(action.kind.rawValue):\(attr(action.target ?? ""))\"") }
        if node.clips == true {
            counter += 1
            defs += "<clipPath id=\"clip\(counter)\">\(shapeElement(node, ""))</clipPath>"
            attrs.append("clip-path=\"url(#clip\(counter))\"")
        }
        if let mode = node.blendMode { attrs.append("style=\"mix-blend-mode:\(BlendCSS.name(mode))\"") }
        if let mask = node.mask {
            // The mask's nodes, drawn into the definitions instead of the body, used for their alpha.
            counter += 1
            let id = counter
            let saved = body
            body = ""
            for part in mask { visit(part, "") }
            defs += "<mask id=\"mask\(id)\" style=\"mask-type:alpha\">\(body)</mask>"
            body = saved
            attrs.append("mask=\"url(#mask\(id))\"")
        }
        // Shadows and blurs as SVG filters, with the standard deviations drawn in PNG.
        if let shadow = node.shadow {
            counter += 1
            let c = shadow.color.rgba
            defs += "<filter id=\"fx\(counter)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feDropShadow dx=\"\(n(shadow.x))\" dy=\"\(n(shadow.y))\" "
                + "stdDeviation=\"\(n(shadow.radius * Painter.shadowSigmaPerRadius))\" flood-color=\"\(c.hex)\" flood-opacity=\"\(n(c.a))\"/></filter>"
            attrs.append("filter=\"url(#fx\(counter))\"")
        } else if let radius = node.blurRadius {
            counter += 1
            let edge = node.blurOpaque == true ? " edgeMode=\"duplicate\"" : ""
            defs += "<filter id=\"fx\(counter)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"\(n(radius / 2))\"\(edge)/></filter>"
            attrs.append("filter=\"url(#fx\(counter))\"")
        }
        var close = ""
        if !attrs.isEmpty || node.role == .widget {
            body += "\(indent)<g data-role=\"\(node.role.rawValue)\" \(attrs.joined(separator: " "))>\n"
            close = "\(indent)</g>\n"
        }
        var children = node.children
        switch node.role {
        case .shape, .accessoryBackground: shape(node, indent)
        case .text: text(node, indent)
        case .image: image(node, indent)
        case .progress, .gauge:
            progress(node, indent)
            children = node.children.filter { $0.role != .shape }  // the track is drawn by `progress`
        default: break
        }
        for child in children { visit(child, indent + "  ") }
        body += close
    }

    mutating func shape(_ node: RenderNode, _ indent: String) {
        var paint = colorAttrs(node.color, node.strokeWidth == nil ? "fill" : "stroke")
        if let g = node.gradient {
            paint = linearGradient(g, "x1=\"\(n(g.startX))\" y1=\"\(n(g.startY))\" x2=\"\(n(g.endX))\" y2=\"\(n(g.endY))\"")
        }
        if let w = node.strokeWidth {
            paint += " fill=\"none\" stroke-width=\"\(n(w))\""
            if let cap = node.lineCap { paint += " stroke-linecap=\"\(cap == .round ? "round" : "square")\"" }
            if let join = node.lineJoin { paint += " stroke-linejoin=\"\(join == .round ? "round" : "bevel")\"" }
            if let dash = node.dash {
                paint += " stroke-dasharray=\"\(dash.map(n).joined(separator: " "))\""
                if let phase = node.dashPhase { paint += " stroke-dashoffset=\"\(n(phase))\"" }
            }
        }
        body += indent + "  " + shapeElement(node, paint) + "\n"
    }

    mutating func text(_ node: RenderNode, _ indent: String) {
        for line in node.lines ?? [] {
            for run in line.runs {
                body += indent + "  <text x=\"\(n(run.x))\" y=\"\(n(line.baseline))\" font-family=\"\(Self.fontFamily(run.design))\" font-size=\"\(n(run.fontSize))\" font-weight=\"\(Self.cssWeight(run.weight))\"\(run.italic ? " font-style=\"italic\"" : "") \(colorAttrs(run.color, "fill"))\(node.redacted == true ? " data-redacted=\"true\"" : "")>\(attr(run.text))</text>\n"
            }
        }
    }

    static func cssWeight(_ weight: FontWeight) -> Int {
        switch weight {
        case .ultraLight: 200
        case .thin: 100
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// Images are not embedded: an outline where the image goes, naming it.
    mutating func image(_ node: RenderNode, _ indent: String) {
        let r = node.frame
        body += indent + "  <rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" rx=\"\(n(r.width / 4))\" fill=\"none\" \(colorAttrs(node.color, "stroke")) data-symbol=\"\(attr(node.imageName ?? ""))\"/>\n"
    }

    /// A ring with a dash as long as the fraction, or a track with a filled part; an accessory
    /// gauge's whole arc or bar with a ring marking the value. A gradient tint is a linear gradient
    /// here (across the ring, where the PNG follows the arc).
    mutating func progress(_ node: RenderNode, _ indent: String) {
        let r = node.frame
        let f = min(1, max(0, node.fraction ?? 0))
        let marks = node.marksValue == true
        if node.style == .circular {
            let d = min(r.width, r.height), w = max(2, d * 0.1), rad = d / 2 - w / 2
            let cx = r.x + r.width / 2, cy = r.y + r.height / 2
            let circumference = 2 * Double.pi * rad
            let open = node.openArc == true
            let sweep = open ? 0.75 : 1
            // Dashes start at three o'clock; the open arc starts a quarter turn before the bottom left.
            let rotation = open ? 135.0 : -90
            let paint = gradientPaint(node, x1: cx - rad, y1: cy, x2: cx + rad, y2: cy) ?? colorAttrs(node.color, "stroke")
            let stroke = paint.replacingOccurrences(of: "fill=", with: "stroke=")
            func ring(_ length: Double, _ attrs: String) {
                body += indent + "  <circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(rad))\" fill=\"none\" stroke-width=\"\(n(w))\" \(attrs) stroke-dasharray=\"\(n(length)) \(n(circumference))\" transform=\"rotate(\(n(rotation)) \(n(cx)) \(n(cy)))\"/>\n"
            }
            if marks {
                ring(circumference * sweep, stroke)
                let angle = (rotation + 360 * sweep * f) * .pi / 180
                marker(x: cx + rad * cos(angle), y: cy + rad * sin(angle), radius: w * 0.75, node.color, indent)
            } else {
                ring(circumference * sweep, colorAttrs(node.children.first?.color, "stroke"))
                ring(circumference * sweep * f, stroke)
            }
        } else if let track = node.children.first(where: { $0.role == .shape }) {
            let t = track.frame
            let mirrored = node.mirrored == true
            let paint = gradientPaint(node, x1: mirrored ? t.maxX : t.x, y1: t.y, x2: mirrored ? t.x : t.maxX, y2: t.y) ?? colorAttrs(node.color, "fill")
            if marks {
                body += indent + "  <rect x=\"\(n(t.x))\" y=\"\(n(t.y))\" width=\"\(n(t.width))\" height=\"\(n(t.height))\" rx=\"\(n(t.height / 2))\" \(paint)/>\n"
                marker(x: mirrored ? t.maxX - t.width * f : t.x + t.width * f, y: t.y + t.height / 2, radius: t.height * 0.95, node.color, indent)
                return
            }
            body += indent + "  <rect x=\"\(n(t.x))\" y=\"\(n(t.y))\" width=\"\(n(t.width))\" height=\"\(n(t.height))\" rx=\"\(n(t.height / 2))\" \(colorAttrs(track.color, "fill"))/>\n"
            let fillX = mirrored ? t.maxX - t.width * f : t.x
            body += indent + "  <rect x=\"\(n(fillX))\" y=\"\(n(t.y))\" width=\"\(n(t.width * f))\" height=\"\(n(t.height))\" rx=\"\(n(t.height / 2))\" \(paint)/>\n"
        }
    }

    /// A gauge's value marker: a small ring.
    private mutating func marker(x: Double, y: Double, radius: Double, _ color: RenderColor?, _ indent: String) {
        body += indent + "  <circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius * 0.8))\" fill=\"none\" stroke-width=\"\(n(radius * 0.4))\" \(colorAttrs(color, "stroke"))/>\n"
    }

    /// A progress view's gradient tint as a `fill` attribute naming a gradient from (x1, y1) to
    /// (x2, y2), in user space; nil without one.
    private mutating func gradientPaint(_ node: RenderNode, x1: Double, y1: Double, x2: Double, y2: Double) -> String? {
        node.gradient.map { linearGradient($0, "gradientUnits=\"userSpaceOnUse\" x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\"") }
    }

    /// A gradient's definition with `placement` (its end points' attributes), and the `fill`
    /// attribute naming it.
    private mutating func linearGradient(_ g: GradientPaint, _ placement: String) -> String {
        counter += 1
        let stops = g.stops.map { stop -> String in
            let c = stop.color.rgba
            return "<stop offset=\"\(n(stop.location))\" stop-color=\"\(c.hex)\" stop-opacity=\"\(n(c.a))\"/>"
        }.joined()
        defs += "<linearGradient id=\"grad\(counter)\" \(placement)>\(stops)</linearGradient>"
        return "fill=\"url(#grad\(counter))\""
    }

    /// The CSS font families for a design: Apple's face first, then the faces drawn in PNG.
    static func fontFamily(_ design: FontDesign) -> String {
        switch design {
        case .serif: "'New York', 'Liberation Serif', 'DejaVu Serif', serif"
        case .monospaced: "'SF Mono', 'Liberation Mono', 'DejaVu Sans Mono', monospace"
        case .rounded: "'SF Pro Rounded', -apple-system, 'Liberation Sans', 'DejaVu Sans', sans-serif"
        case .default: "-apple-system, 'SF Pro', 'Liberation Sans', 'DejaVu Sans', sans-serif"
        }
    }
}
