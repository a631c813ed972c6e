import Foundation
import WidgetArchive

/// A readable form of a render tree: one node per line with its frame, text and colour.
public enum RenderTreeDump {
    public static func dump(_ tree: RenderTree) -> String {
        var out = "\(tree.family) on \(tree.placement) \(fmt(tree.size.width))x\(fmt(tree.size.height)) \(tree.renderingMode) \(tree.colorScheme) at \(CivilDate.isoDate(tree.date))\n"
        dump(tree.root, indent: 1, into: &out)
        return out
    }

    private static func dump(_ node: RenderNode, indent: Int, into out: inout String) {
        var line = String(repeating: "  ", count: indent) + node.role.rawValue
        if let style = node.style { line += "(\(style))" }
        line += " [\(fmt(node.frame.x)),\(fmt(node.frame.y)) \(fmt(node.frame.width))x\(fmt(node.frame.height))]"
        if let text = node.text { line += " \"\(text.replacingOccurrences(of: "\n", with: "\\n"))\"" }
        if let name = node.imageName { line += " image:\(name)" }
        if let shape = node.shape, node.role != .widget { line += " \(shape)" }
        if let color = node.color { line += " \(color)" }
        if let fraction = node.fraction { line += " fraction:\(fmt(fraction))" }
        if let id = node.id { line += " id:\(id)" }
        if let action = node.action { line += " \(action.kind.rawValue):\(action.target ?? "")" }
        if let isOn = node.isOn { line += isOn ? " on" : " off" }
        if node.redacted == true { line += " redacted" }
        if node.invalidated == true { line += " invalidated" }
        if let o = node.opacity { line += " opacity:\(fmt(o))" }
        out += line + "\n"
        for child in node.children { dump(child, indent: indent + 1, into: &out) }
    }

    package static func fmt(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "0" : (v > 0 ? "1e9" : "-1e9") }
        let r = (v * 10).rounded() / 10
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : String(r)
    }
}
