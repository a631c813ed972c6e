import WidgetArchive

/// What the call-form tests read off an archived view: every node, the modifiers and the literal texts.
extension ViewNode {
    var allNodes: [ViewNode] {
        var out: [ViewNode] = []
        forEachNode { out.append($0) }
        return out
    }

    var allModifiers: [ViewModifierNode] {
        allNodes.compactMap { if case .modified(_, let m) = $0 { m } else { nil } }
    }

    var literalTexts: [String] {
        allNodes.compactMap { node in
            guard case .text(let t) = node else { return nil }
            return t.runs.compactMap { if case .literal(let s) = $0.content { s } else { nil } }.joined()
        }
    }
}
