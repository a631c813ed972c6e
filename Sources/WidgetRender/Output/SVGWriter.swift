import Foundation

/// Writes a render tree as SVG (in points): shapes, gradients, clip paths and text with its font.
public enum SVGWriter {
    public static func svg(_ tree: RenderTree) -> String {
        var defs = ""
        var body = ""
        var counter = 0
        func attr(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        func n(_ v: Double) -> String { RenderTreeDump.fmt(v) }
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
            case .roundedRect:
                return "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" rx=\"\(n(node.cornerRadius ?? 0))\" \(extra)/>"
            default:
                return "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" \(extra)/>"
            }
        }
        func visit(_ node: RenderNode, _ indent: String) {
            var open = ""
            var close = ""
            var attrs: [String] = []
            if let o = node.opacity { attrs.append("opacity=\"\(n(o))\"") }
            if let id = node.id { attrs.append("data-id=\"\(attr(id))\"") }
            if let action = node.action { attrs.append("data-action=\"\(action.kind.rawValue):\(attr(action.target ?? ""))\"") }
            if node.clips == true {
                counter += 1
                defs += "<clipPath id=\"clip\(counter)\">\(shapeElement(node, ""))</clipPath>"
                attrs.append("clip-path=\"url(#clip\(counter))\"")
            }
            if !attrs.isEmpty || node.role == .widget {
                open = "\(indent)<g data-role=\"\(node.role.rawValue)\" \(attrs.joined(separator: " "))>\n"
                close = "\(indent)</g>\n"
            }
            body += open
            switch node.role {
            case .shape, .accessoryBackground:
                var paint = colorAttrs(node.color, node.strokeWidth == nil ? "fill" : "stroke")
                if let g = node.gradient {
                    counter += 1
                    let stops = g.stops.map { stop -> String in
                        let c = stop.color.rgba
                        return "<stop offset=\"\(n(stop.location))\" stop-color=\"\(c.hex)\" stop-opacity=\"\(n(c.a))\"/>"
                    }.joined()
                    defs += "<linearGradient id=\"grad\(counter)\" x1=\"\(n(g.startX))\" y1=\"\(n(g.startY))\" x2=\"\(n(g.endX))\" y2=\"\(n(g.endY))\">\(stops)</linearGradient>"
                    paint = "fill=\"url(#grad\(counter))\""
                }
                if let w = node.strokeWidth { paint += " fill=\"none\" stroke-width=\"\(n(w))\"" }
                body += indent + "  " + shapeElement(node, paint) + "\n"
            case .text:
                for line in node.lines ?? [] {
                    for run in line.runs {
                        let weight = ["ultraLight": 200, "thin": 100, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700, "heavy": 800, "black": 900][run.weight.name] ?? 400
                        body += indent + "  <text x=\"\(n(run.x))\" y=\"\(n(line.baseline))\" font-family=\"-apple-system, 'SF Pro', 'DejaVu Sans', sans-serif\" font-size=\"\(n(run.fontSize))\" font-weight=\"\(weight)\"\(run.italic ? " font-style=\"italic\"" : "") \(colorAttrs(run.color, "fill"))\(node.redacted == true ? " data-redacted=\"true\"" : "")>\(attr(run.text))</text>\n"
                    }
                }
            case .image:
                let r = node.frame
                body += indent + "  <rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" rx=\"\(n(r.width / 4))\" fill=\"none\" \(colorAttrs(node.color, "stroke")) data-symbol=\"\(attr(node.imageName ?? ""))\"/>\n"
            case .progress, .gauge:
                let r = node.frame
                let f = node.fraction ?? 0
                if node.style == .circular {
                    let d = min(r.width, r.height), w = max(2, d * 0.1), rad = d / 2 - w / 2
                    let cx = r.x + r.width / 2, cy = r.y + r.height / 2
                    let circumference = 2 * Double.pi * rad
                    body += indent + "  <circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(rad))\" fill=\"none\" stroke-width=\"\(n(w))\" \(colorAttrs(node.children.first?.color, "stroke"))/>\n"
                    body += indent + "  <circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(rad))\" fill=\"none\" stroke-width=\"\(n(w))\" \(colorAttrs(node.color, "stroke")) stroke-dasharray=\"\(n(circumference * f)) \(n(circumference))\" transform=\"rotate(-90 \(n(cx)) \(n(cy)))\"/>\n"
                } else if let track = node.children.first(where: { $0.role == .shape }) {
                    let t = track.frame
                    body += indent + "  <rect x=\"\(n(t.x))\" y=\"\(n(t.y))\" width=\"\(n(t.width))\" height=\"\(n(t.height))\" rx=\"\(n(t.height / 2))\" \(colorAttrs(track.color, "fill"))/>\n"
                    body += indent + "  <rect x=\"\(n(t.x))\" y=\"\(n(t.y))\" width=\"\(n(t.width * f))\" height=\"\(n(t.height))\" rx=\"\(n(t.height / 2))\" \(colorAttrs(node.color, "fill"))/>\n"
                }
                for child in node.children where child.role != .shape { visit(child, indent + "  ") }
                body += close
                return
            default:
                break
            }
            for child in node.children { visit(child, indent + "  ") }
            body += close
        }
        if let c = tree.backdrop?.rgba {
            body += "<rect data-role=\"backdrop\" width=\"100%\" height=\"100%\" fill=\"\(c.hex)\"/>\n"
        }
        visit(tree.root, "")
        let w = n(tree.size.width), h = n(tree.size.height)
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" data-family="\(tree.family)" data-placement="\(tree.placement)">
        <defs>\(defs)</defs>
        \(body)</svg>

        """
    }
}
