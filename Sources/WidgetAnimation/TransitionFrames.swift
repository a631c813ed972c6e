import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender

/// Draws a `TransitionPlan` at any instant: the new entry's tree with every change partway. Frames move
/// (a view's own displacement, less what its container's already moves it), colours and opacities
/// blend, insertions and removals run their transitions clipped to their container, text cross-fades
/// or rolls. The same plan at the same instant always gives the same tree, so the same pixels.
public struct TransitionFrames: Sendable {
    public let plan: TransitionPlan
    /// Removed views by the key of the container they are drawn in, with their old index.
    private let removedByParent: [String: [(index: Int, key: String)]]
    /// The new entry's views by key, made once: drawing a frame walks this beside the tree, and leaves
    /// whole any subtree in which nothing moves.
    private let keys: KeyNode

    private struct KeyNode: Sendable {
        let key: String
        /// Whether it, or anything below it, moves or has a removed view drawn in it.
        let moves: Bool
        let children: [KeyNode]
    }

    public init(_ plan: TransitionPlan) {
        self.plan = plan
        var removed: [String: [(index: Int, key: String)]] = [:]
        for (key, motion) in plan.motions {
            guard let (parent, index) = motion.removedFrom else { continue }
            removed[parent, default: []].append((index, key))
        }
        removedByParent = removed.mapValues { $0.sorted { ($0.index, $0.key) < ($1.index, $1.key) } }
        keys = Self.keys(plan.to.root, key: FlatTree.rootKey, motions: plan.motions, removed: removedByParent)
    }

    private static func keys(_ node: RenderNode, key: String, motions: [String: TransitionPlan.Motion],
                             removed: [String: [(index: Int, key: String)]]) -> KeyNode {
        let children = node.children.indices.map {
            keys(node.children[$0], key: FlatTree.key(node.children[$0], index: $0, parent: key), motions: motions, removed: removed)
        }
        return KeyNode(key: key, moves: motions[key] != nil || removed[key] != nil || children.contains { $0.moves }, children: children)
    }

    /// The tree as drawn `time` seconds after the change (clamped to the plan).
    public func tree(at time: Double) -> RenderTree {
        var tree = plan.to
        tree.root = rebuild(plan.to.root, keys: keys, time: time, parentShift: Point(x: 0, y: 0))
        return tree
    }

    /// Instants `fps` apart from 0 through the end of the plan (at least the start and the end).
    public func instants(fps: Double) -> [Double] {
        let step = 1 / max(1, min(240, fps.isFinite ? fps : 60))
        let count = max(1, Int((plan.duration / step).rounded(.up)))
        return (0...count).map { min(plan.duration, Double($0) * step) }
    }

    /// The transition as an animated PNG at `fps` frames a second, the first `limit` seconds of it:
    /// frames drawn one after another into one canvas, each written as what changed.
    public func apng(fps: Double, painter: PNGRenderer, scale: Double? = nil, limit: Double = .infinity) -> [UInt8] {
        let times = instants(fps: fps).filter { $0 <= limit }
        var canvas = Canvas(width: 1, height: 1)
        var writer: APNGWriter?
        for time in times {
            painter.draw(tree(at: time), into: &canvas, scale: scale)
            if writer == nil {
                writer = APNGWriter(width: canvas.width, height: canvas.height, frameCount: times.count,
                                    delayNumerator: 1, delayDenominator: UInt16(max(1, min(240, fps.rounded()))))
            }
            writer?.append(canvas)
        }
        return writer?.finish() ?? []
    }

    private func rebuild(_ node: RenderNode, keys: KeyNode, time: Double, parentShift: Point) -> RenderNode {
        guard keys.moves else { return node }
        let key = keys.key
        var out = node
        var shift = parentShift
        if let motion = plan.motions[key] {
            let p = motion.curve.progress(at: time)
            switch motion.change.kind {
            case .moved, .changed:
                if let old = motion.old {
                    shift = Point(x: (old.frame.x - node.frame.x) * (1 - p), y: (old.frame.y - node.frame.y) * (1 - p))
                    out = interpolated(old: old, new: node, p: p, shift: shift, parentShift: parentShift, text: motion.change.textChange)
                }
            case .inserted:
                out = appearing(node, motion: motion, amount: 1 - p, insertion: true, parentShift: parentShift)
                return out
            case .removed, .unchanged:
                break
            }
        }
        // A leaf is done (a changed text is now a group of its outgoing and incoming selves).
        if node.children.isEmpty && removedByParent[key] == nil { return out }
        var children: [RenderNode] = []
        for (index, child) in node.children.enumerated() {
            children.append(rebuild(child, keys: keys.children[index], time: time, parentShift: shift))
        }
        for removed in removedByParent[key] ?? [] {
            guard let motion = plan.motions[removed.key], let old = motion.old else { continue }
            let p = motion.curve.progress(at: time)
            guard p < 1 else { continue }
            let drawn = appearing(old, motion: motion, amount: p, insertion: false, parentShift: shift)
            children.insert(drawn, at: min(removed.index, children.count))
        }
        out.children = children
        return out
    }

    /// A matched view partway from `old` to `new`: moved by `shift` (less what its container moves it),
    /// colours and opacity blended, text changed as its content transition says.
    private func interpolated(old: RenderNode, new: RenderNode, p: Double, shift: Point, parentShift: Point,
                              text change: TransitionPlan.Change.TextChange?) -> RenderNode {
        var out = new
        let own = Point(x: shift.x - parentShift.x, y: shift.y - parentShift.y)
        switch new.role {
        case .shape, .image, .progress, .gauge, .accessoryBackground:
            // Leaves drawn from their frame: the frame itself moves and resizes.
            out.frame = Rect(x: lerp(old.frame.x, new.frame.x, p) - parentShift.x, y: lerp(old.frame.y, new.frame.y, p) - parentShift.y,
                             width: lerp(old.frame.width, new.frame.width, p), height: lerp(old.frame.height, new.frame.height, p))
        default:
            if own.x != 0 || own.y != 0 { out.transform = translated(new.transform, by: own) }
        }
        if let a = old.color, let b = new.color, a != b { out.color = blend(a, b, p) }
        if old.opacity != new.opacity { out.opacity = lerp(old.opacity ?? 1, new.opacity ?? 1, p) }
        if let a = old.fraction, let b = new.fraction { out.fraction = lerp(a, b, p) }
        if new.role == .text, old.text != new.text {
            var incoming = new
            incoming.color = out.color
            incoming.opacity = out.opacity
            return textChange(old: old, new: incoming, p: p, shift: shift, parentShift: parentShift, change: change ?? .crossFade)
        }
        return out
    }

    /// A text whose content changed, partway: its outgoing and incoming selves in a group drawn where
    /// the text is now (in absolute coordinates: the group undoes its container's shift), cross-faded,
    /// or rolled within the line box.
    private func textChange(old: RenderNode, new: RenderNode, p: Double, shift: Point, parentShift: Point,
                            change: TransitionPlan.Change.TextChange) -> RenderNode {
        if change == .swap { return new }
        var outgoing = old, incoming = new
        outgoing.children = []
        incoming.children = []
        incoming.transform = translated(new.transform, by: shift)
        if change == .crossFade {
            outgoing.opacity = (old.opacity ?? 1) * (1 - p)
            incoming.opacity = (new.opacity ?? 1) * p
        } else if let rolled = rollByCharacter(old: old, new: new, p: p, up: change == .rollUp) {
            outgoing = rolled.outgoing
            incoming = rolled.incoming
        } else {
            let travel = max(old.frame.height, new.frame.height) * (change == .rollUp ? 1 : -1)
            outgoing.transform = translated(outgoing.transform, by: Point(x: 0, y: -travel * p))
            incoming.transform = translated(incoming.transform, by: Point(x: 0, y: travel * (1 - p)))
            outgoing.opacity = (old.opacity ?? 1) * (1 - p)
            incoming.opacity = (new.opacity ?? 1) * min(1, p * 1.5)
        }
        let box = Rect(x: lerp(old.frame.x, new.frame.x, p), y: lerp(old.frame.y, new.frame.y, p),
                       width: max(old.frame.width, new.frame.width), height: max(old.frame.height, new.frame.height))
        var group = RenderNode(role: .group, frame: box, children: [outgoing, incoming])
        group.id = new.id
        group.transform = translated(nil, by: Point(x: -parentShift.x, y: -parentShift.y))
        if change != .crossFade { group.clips = true }
        return group
    }

    /// Numeric text rolls character by character: what the two texts share at the start and the end
    /// stays (sliding from its old place to its new one), and only the characters between roll, the old
    /// ones out and the new ones in, up or down. Nil for text of more than one line.
    private func rollByCharacter(old: RenderNode, new: RenderNode, p: Double, up: Bool) -> (outgoing: RenderNode, incoming: RenderNode)? {
        guard let before = Glyphs(old), let after = Glyphs(new) else { return nil }
        let a = before.characters.map(\.text), b = after.characters.map(\.text)
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let travel = max(old.frame.height, new.frame.height) * (up ? 1 : -1)
        let baseline = lerp(before.baseline, after.baseline, p)
        // Kept characters slide; the new ones come in at their place, from below (or above).
        var kept: [TextLineRun] = []
        for i in 0..<prefix { kept.append(after.run(i, x: lerp(before.characters[i].x, after.characters[i].x, p))) }
        for k in 0..<suffix {
            let i = b.count - 1 - k, j = a.count - 1 - k
            kept.append(after.run(i, x: lerp(before.characters[j].x, after.characters[i].x, p)))
        }
        let lineShift = lerp(before.characters.first?.x ?? 0, after.characters.first?.x ?? 0, p) - (after.characters.first?.x ?? 0)
        let arriving = (prefix..<(b.count - suffix)).map { after.run($0, x: after.characters[$0].x + lineShift) }
        let leavingShift = lerp(before.characters.first?.x ?? 0, after.characters.first?.x ?? 0, p) - (before.characters.first?.x ?? 0)
        let leaving = (prefix..<(a.count - suffix)).map { before.run($0, x: before.characters[$0].x + leavingShift) }
        // The kept characters, drawn once at full strength, with the leaving ones inside.
        var steady = new
        steady.lines = [after.line(kept, baseline: baseline)]
        steady.transform = nil
        var leavingNode = old
        leavingNode.lines = [before.line(leaving, baseline: baseline - travel * p)]
        leavingNode.opacity = (old.opacity ?? 1) * (1 - p)
        leavingNode.transform = nil
        steady.children = [leavingNode]
        var incoming = new
        incoming.lines = [after.line(arriving, baseline: baseline + travel * (1 - p))]
        incoming.opacity = (new.opacity ?? 1) * min(1, p * 1.5)
        incoming.transform = nil
        return (steady, incoming)
    }

    /// A view coming in (`amount` from 1 to 0) or going out (0 to 1) with its transition, clipped to its
    /// container.
    private func appearing(_ node: RenderNode, motion: TransitionPlan.Motion, amount: Double, insertion: Bool, parentShift: Point) -> RenderNode {
        var view = node
        apply(motion.transition, to: &view, amount: amount, insertion: insertion, container: motion.container)
        if parentShift.x != 0 || parentShift.y != 0 {
            view.transform = translated(view.transform, by: Point(x: -parentShift.x, y: -parentShift.y))
        }
        var clip = RenderNode(role: .group, frame: motion.container, children: [view])
        clip.clips = true
        return clip
    }

    private func apply(_ t: TransitionValue, to node: inout RenderNode, amount a: Double, insertion: Bool, container: Rect) {
        guard a > 0 else { return }
        let f = node.frame
        func offset(_ edge: EdgeValue) -> Point {
            switch edge {
            case .top: Point(x: 0, y: -(f.maxY - container.y) * a)
            case .bottom: Point(x: 0, y: (container.maxY - f.y) * a)
            case .leading: Point(x: -(f.maxX - container.x) * a, y: 0)
            case .trailing: Point(x: (container.maxX - f.x) * a, y: 0)
            }
        }
        switch t {
        case .identity: break
        case .opacity: node.opacity = (node.opacity ?? 1) * (1 - a)
        case .scale(let scale, let anchor):
            let s = 1 + ((scale.isFinite ? scale : 0) - 1) * a
            let ax = f.x + anchor.x * f.width, ay = f.y + anchor.y * f.height
            let m = RenderTransform(a: s, b: 0, c: 0, d: s, tx: ax - s * ax, ty: ay - s * ay)
            node.transform = m.concatenating(node.transform ?? .identity)
        case .slide: node.transform = translated(node.transform, by: offset(insertion ? .leading : .trailing))
        case .move(let edge): node.transform = translated(node.transform, by: offset(edge))
        case .push(let edge):
            node.transform = translated(node.transform, by: offset(insertion ? edge : edge.opposite))
            node.opacity = (node.opacity ?? 1) * (1 - a)
        case .offset(let x, let y):
            node.transform = translated(node.transform, by: Point(x: (x.isFinite ? x : 0) * a, y: (y.isFinite ? y : 0) * a))
        case .combined(let first, let second):
            apply(first, to: &node, amount: a, insertion: insertion, container: container)
            apply(second, to: &node, amount: a, insertion: insertion, container: container)
        case .asymmetric, .animated:
            let (resolved, _) = TransitionPlanner.resolve(t, insertion: insertion)
            apply(resolved, to: &node, amount: a, insertion: insertion, container: container)
        }
    }

    private func translated(_ t: RenderTransform?, by d: Point) -> RenderTransform? {
        guard d.x != 0 || d.y != 0 else { return t }
        return RenderTransform(a: 1, b: 0, c: 0, d: 1, tx: d.x, ty: d.y).concatenating(t ?? .identity)
    }

    private func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }

    private func blend(_ a: RenderColor, _ b: RenderColor, _ p: Double) -> RenderColor {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(max(0, min(255, (Double(x) + (Double(y) - Double(x)) * p).rounded()))) }
        return RenderColor(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), alpha: mix(a.alpha, b.alpha))
    }

    private func union(_ a: Rect, _ b: Rect) -> Rect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }
}

extension EdgeValue {
    var opposite: EdgeValue {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }
}

extension RenderTransform {
    static let identity = RenderTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// A one-line text's characters with where each is drawn (the painter places them by the same
/// advances), to roll some and keep others.
struct Glyphs {
    struct Character {
        var text: String
        var x: Double
        var run: Int
    }

    let line: TextLine
    let baseline: Double
    let characters: [Character]

    init?(_ node: RenderNode) {
        guard let lines = node.lines, lines.count == 1, let line = lines.first else { return nil }
        self.line = line
        baseline = line.baseline
        var characters: [Character] = []
        for (index, run) in line.runs.enumerated() {
            var x = run.x
            for scalar in run.text.unicodeScalars {
                characters.append(Character(text: String(scalar), x: x, run: index))
                x += TextMetrics.width(String(scalar), size: run.fontSize, weight: run.weight, design: run.design,
                                       widthFactor: run.widthFactor ?? 1, spacing: run.spacing ?? 0)
            }
        }
        self.characters = characters
    }

    /// Character `index` as a run of its own at `x`.
    func run(_ index: Int, x: Double) -> TextLineRun {
        var run = line.runs[characters[index].run]
        run.text = characters[index].text
        run.x = x
        return run
    }

    func line(_ runs: [TextLineRun], baseline: Double) -> TextLine {
        var copy = line
        copy.runs = runs
        copy.baseline = baseline
        return copy
    }
}
