import Foundation
import WidgetArchive
import WidgetLayout

/// Computes the `TransitionPlan` between two laid-out entries, as SwiftUI diffs consecutive entries of
/// a widget: views are matched by explicit identity (`.id`), else by their place in the tree; each
/// matched view that moved or changed animates with the animation that applies to it (the innermost
/// `.animation(_:value:)` around it whose value changed, else the system's implicit spring); a view
/// only in one entry comes in or goes out with its transition (`.opacity` when it names none).
public enum TransitionPlanner {
    public static func plan(from old: RenderTree, to new: RenderTree) -> TransitionPlan {
        let before = FlatTree(old.root), after = FlatTree(new.root)
        var curves = CurveCache()
        var motions: [String: TransitionPlan.Motion] = [:]
        motions.reserveCapacity(before.list.count + after.list.count)
        var changes: [TransitionPlan.Change] = []
        var unchanged = 0
        func consider(_ key: String, _ o: Int?, _ n: Int?) {
            guard let motion = motion(key: key, old: o, new: n, before: before, after: after, curves: &curves) else {
                unchanged += 1
                return
            }
            motions[key] = motion
            changes.append(motion.change)
        }
        // The old entry's views in order (matched or removed), then the new entry's insertions.
        for i in before.list.indices { consider(before.list[i].key, i, after.position(before.list[i].key)) }
        for i in after.list.indices where !before.contains(after.list[i].key) { consider(after.list[i].key, nil, i) }
        let duration = changes.map { $0.start + $0.duration }.max() ?? 0
        return TransitionPlan(from: old, to: new, changes: changes, duration: duration, motions: motions, unchangedCount: unchanged)
    }

    private static func motion(key: String, old: Int?, new: Int?, before: FlatTree, after: FlatTree,
                               curves: inout CurveCache) -> TransitionPlan.Motion? {
        switch (old, new) {
        case (let i?, let j?):
            return matched(key: key, i, j, before: before, after: after, curves: &curves)
        case (let i?, nil):
            return appearance(key: key, index: i, kind: .removed, scope: before, other: after, curves: &curves)
        case (nil, let j?):
            return appearance(key: key, index: j, kind: .inserted, scope: after, other: before, curves: &curves)
        case (nil, nil):
            return nil
        }
    }

    /// A view in both entries: nil when it neither moved on its own nor changed.
    private static func matched(key: String, _ i: Int, _ j: Int, before: FlatTree, after: FlatTree,
                                curves: inout CurveCache) -> TransitionPlan.Motion? {
        let o = before.list[i], n = after.list[j]
        // Moved on its own: against its container, or resized. A view that only goes where its
        // container goes is carried by it.
        let a = o.frame, b = n.frame
        let moved = a.width != b.width || a.height != b.height
            || a.x - o.container.x != b.x - n.container.x || a.y - o.container.y != b.y - n.container.y
        guard moved || o.signature != n.signature || o.role != n.role else { return nil }
        let old = before.node(i), new = after.node(j)
        let differences = FlatTree.differences(old, new)
        guard moved || !differences.isEmpty else { return nil }
        let animation = applicableAnimation(n, before: before, after: after)
        let curve = curves.curve(animation)
        var change = TransitionPlan.Change(
            key: key, role: n.role, kind: differences.isEmpty ? .moved : .changed,
            differences: (moved ? ["frame"] : []) + differences, animation: curves.name(animation),
            transition: nil, textChange: nil, start: milliseconds(curve.delay), duration: milliseconds(curve.duration - curve.delay),
            from: a, to: b)
        if o.text != n.text { change.textChange = textChange(o, n) }
        return TransitionPlan.Motion(change: change, curve: curve, old: old, new: new, transition: .identity, container: n.container)
    }

    /// A view coming in or going out: only the outermost such view moves (its inside goes with it).
    private static func appearance(key: String, index: Int, kind: TransitionPlan.Change.Kind, scope: FlatTree,
                                   other: FlatTree, curves: inout CurveCache) -> TransitionPlan.Motion? {
        let entry = scope.list[index]
        if let parent = entry.parentKey, !other.contains(parent), scope.contains(parent), parent != FlatTree.rootKey { return nil }
        let written = entry.transition ?? .widgetDefault
        let (transition, own) = resolve(written, insertion: kind == .inserted)
        let inherited = kind == .inserted ? applicableAnimation(entry, before: other, after: scope)
            : applicableAnimation(entry, before: scope, after: other)
        let animation = own ?? inherited
        let curve = curves.curve(animation)
        let change = TransitionPlan.Change(
            key: key, role: entry.role, kind: kind, differences: [], animation: curves.name(animation),
            transition: written.description, textChange: nil, start: milliseconds(curve.delay), duration: milliseconds(curve.duration - curve.delay),
            from: kind == .removed ? entry.frame : nil, to: kind == .inserted ? entry.frame : nil)
        let node = scope.node(index)
        // An outermost removed view's container is still there (or it is the widget itself).
        return TransitionPlan.Motion(change: change, curve: curve, old: kind == .removed ? node : nil,
                                     new: kind == .inserted ? node : nil, transition: transition, container: entry.container,
                                     removedFrom: kind == .removed ? (entry.parentKey ?? FlatTree.rootKey, entry.childIndex) : nil)
    }

    /// Seconds to the millisecond, as the plan reports them.
    private static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// The side of an asymmetric transition that applies, and an animation a transition carries.
    static func resolve(_ t: TransitionValue, insertion: Bool) -> (TransitionValue, AnimationValue?) {
        switch t {
        case .asymmetric(let i, let r): return resolve(insertion ? i : r, insertion: insertion)
        case .animated(let inner, let animation):
            let (resolved, innerAnimation) = resolve(inner, insertion: insertion)
            return (resolved, innerAnimation ?? animation)
        case .combined(let a, let b):
            let (ra, aa) = resolve(a, insertion: insertion), (rb, ab) = resolve(b, insertion: insertion)
            return (.combined(ra, rb), aa ?? ab)
        default: return (t, nil)
        }
    }

    /// The innermost `.animation(_:value:)` around the view whose watched value changed between the two
    /// entries; the system's implicit spring when there is none; nil when that one was written `nil`.
    static func applicableAnimation(_ entry: FlatTree.Entry, before: FlatTree, after: FlatTree) -> AnimationValue? {
        for scope in entry.animationScopes.reversed() {
            let earlier = before.position(scope.key).flatMap { before.list[$0].valueDigest }
            let later = after.position(scope.key).flatMap { after.list[$0].valueDigest }
            guard let earlier, let later, earlier != later else { continue }
            return scope.animation
        }
        return .widgetDefault
    }

    private static func textChange(_ o: FlatTree.Entry, _ n: FlatTree.Entry) -> TransitionPlan.Change.TextChange {
        switch n.contentTransition {
        case .identity?: return .swap
        case .numericTextCountsDown?: return .rollDown
        case .numericText?:
            if let a = o.numericValue, let b = n.numericValue { return b < a ? .rollDown : .rollUp }
            if let a = Self.number(in: o.text), let b = Self.number(in: n.text) { return b < a ? .rollDown : .rollUp }
            return .rollUp
        case .opacity?, .interpolate?, nil: return .crossFade
        }
    }

    /// The first number in a text (`"240 mg"` → 240), to tell which way digits roll.
    static func number(in text: String?) -> Double? {
        guard let text else { return nil }
        let digits = text.drop { !$0.isNumber && $0 != "-" }.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "," }
        return Double(digits.replacingOccurrences(of: ",", with: ""))
    }
}

/// Each distinct animation's curve, made once per plan: a spring's settling time is found by scanning.
struct CurveCache {
    private var curves: [AnimationValue: AnimationCurve] = [:]
    private var names: [AnimationValue: String] = [:]
    private static let instant = AnimationValue(.linear(duration: 0))

    mutating func curve(_ animation: AnimationValue?) -> AnimationCurve {
        let key = animation ?? Self.instant
        if let known = curves[key] { return known }
        let made = AnimationCurve(key)
        curves[key] = made
        return made
    }

    /// The animation as SwiftUI writes it ("none" for no animation).
    mutating func name(_ animation: AnimationValue?) -> String {
        guard let animation else { return "none" }
        if let known = names[animation] { return known }
        let made = animation.description
        names[animation] = made
        return made
    }
}

/// A render tree as a table of views by key, each with what it inherits for animation.
struct FlatTree {
    static let rootKey = "/"

    /// A view as the plan needs it: where it is, a signature of what it draws, what it inherits, and how
    /// to find the node itself (its parent's position and its own index there) for the few that change.
    struct Entry {
        var key: String
        var parentKey: String?
        var parent: Int
        var childIndex: Int
        var frame: Rect
        var role: RenderNode.Role
        var text: String?
        /// A hash of everything it draws apart from its role, frame and children (`signature`).
        var signature: Int
        /// The digest of the value its own `.animation(_:value:)` watches, if it has one.
        var valueDigest: UInt64?
        /// The parent's frame: what an inserted or removed view is clipped to.
        var container: Rect
        /// `.animation(_:value:)` scopes around the view (and on it), outermost first.
        var animationScopes: [(key: String, animation: AnimationValue?)]
        var contentTransition: ContentTransitionValue?
        var numericValue: Double?
        var transition: TransitionValue?
    }

    let root: RenderNode
    /// The views in drawing order, parents first; `positions` finds one by key.
    private(set) var list: [Entry] = []
    private var positions = KeyTable()

    init(_ root: RenderNode) {
        self.root = root
        list.reserveCapacity(Self.count(root))
        withUnsafePointer(to: root) { root in
            add(root, key: Self.rootKey, parent: -1, childIndex: 0, container: root.pointee.frame, scopes: [], content: nil, numeric: nil)
        }
    }

    /// How many views the tree holds, to make room for them at once.
    private static func count(_ node: RenderNode) -> Int {
        withUnsafePointer(to: node) { count($0) }
    }

    private static func count(_ node: UnsafePointer<RenderNode>) -> Int {
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return 1 }
            var total = 1
            for index in children.indices { total += count(first + index) }
            return total
        }
    }

    subscript(key: String) -> Entry? { position(key).map { list[$0] } }

    func position(_ key: String) -> Int? { positions.position(of: key, hash: FNV1a.hash(key), in: list) }

    func contains(_ key: String) -> Bool { position(key) != nil }

    /// The node of the view at `index`, found from the root by its path.
    func node(_ index: Int) -> RenderNode {
        var path: [Int] = []
        var i = index
        while list[i].parent >= 0 {
            path.append(list[i].childIndex)
            i = list[i].parent
        }
        var node = root
        for child in path.reversed() { node = node.children[child] }
        return node
    }

    /// `node` is read through a pointer: passing each child by value would copy it (all its fields,
    /// retained and released) on the way down.
    private mutating func add(_ node: UnsafePointer<RenderNode>, key: String, parent: Int, childIndex: Int, container: Rect,
                              scopes: [(key: String, animation: AnimationValue?)], content: ContentTransitionValue?, numeric: Double?) {
        var scopes = scopes
        let motion = node.pointee.motion
        if motion?.animationWritten == true { scopes.append((key, motion?.animation)) }
        let content = motion?.contentTransition ?? content
        let numeric = motion?.numericValue ?? numeric
        let hash = FNV1a.hash(key)
        guard positions.position(of: key, hash: hash, in: list) == nil else { return }  // a repeated explicit id: the first one counts
        let position = list.count
        positions.insert(position, hash: hash)
        let frame = node.pointee.frame
        list.append(Entry(key: key, parentKey: parent >= 0 ? list[parent].key : nil, parent: parent, childIndex: childIndex,
                          frame: frame, role: node.pointee.role, text: node.pointee.text, signature: Self.signature(node),
                          valueDigest: motion?.valueDigest, container: container, animationScopes: scopes,
                          contentTransition: content, numericValue: numeric, transition: motion?.transition))
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for index in children.indices {
                add(first + index, key: Self.key(id: children[index].id, index: index, parent: key), parent: position, childIndex: index,
                    container: frame, scopes: scopes, content: content, numeric: numeric)
            }
        }
    }

    /// Positions in `list` by their key's FNV-1a hash: open addressing over a power-of-two table,
    /// keys compared in full on a hash match. The standard dictionary would hash each key again with
    /// its seeded hasher, which costs more than everything else a lookup does.
    struct KeyTable {
        /// Position + 1 per slot; 0 is empty.
        private var slots = [Int32](repeating: 0, count: 512)
        private var hashes = [UInt64](repeating: 0, count: 512)
        private var count = 0

        func position(of key: String, hash: UInt64, in list: [Entry]) -> Int? {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                let position = Int(slots[slot]) - 1
                if hashes[slot] == hash && list[position].key == key { return position }
                slot = (slot + 1) & mask
            }
            return nil
        }

        mutating func insert(_ position: Int, hash: UInt64) {
            if (count + 1) * 2 > slots.count { grow() }
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
            hashes[slot] = hash
            count += 1
        }

        private mutating func grow() {
            let old = zip(slots, hashes).filter { $0.0 != 0 }
            slots = [Int32](repeating: 0, count: slots.count * 2)
            hashes = [UInt64](repeating: 0, count: hashes.count * 2)
            count = 0
            for (slot, hash) in old { insert(Int(slot) - 1, hash: hash) }
        }
    }

    /// What `differences` compares apart from the role, as one number: each field folded in as a word
    /// of FNV-1a (the standard library's `Hasher` costs several times more per field, and this runs for
    /// every view of both entries).
    static func signature(_ pointer: UnsafePointer<RenderNode>) -> Int {
        var h = FNV1a()
        func mix(_ v: UInt64) { h.combine(v) }
        func mix(_ d: Double?) { mix(d?.bitPattern ?? 0x7FF8_DEAD_0000_0001) }
        func mix(_ s: String?) { mix(s.map(FNV1a.hash) ?? 0x5EED) }
        // Image bytes and path data can be long: the standard hash is quicker per byte than FNV-1a.
        func mixLong(_ s: String?) { mix(UInt64(bitPattern: Int64(s?.hashValue ?? 0x5EED))) }
        func mix(_ c: RenderColor?) { mix(c.map { UInt64($0.red) << 24 | UInt64($0.green) << 16 | UInt64($0.blue) << 8 | UInt64($0.alpha) } ?? 1 << 40) }
        mix(pointer.pointee.text)
        mix(pointer.pointee.color)
        if let gradient = pointer.pointee.gradient { mix(UInt64(bitPattern: Int64(gradient.hashValue))) }
        mix(pointer.pointee.opacity)
        mix(pointer.pointee.fraction)
        mix(pointer.pointee.isOn.map { $0 ? 1 : 2 } ?? 3)
        mix(pointer.pointee.imageName)
        mixLong(pointer.pointee.imageData)
        if let shape = pointer.pointee.shape { mix(UInt64(bitPattern: Int64(shape.hashValue))) }
        mix(pointer.pointee.cornerRadius)
        mixLong(pointer.pointee.pathData)
        mix(pointer.pointee.strokeWidth)
        mix(pointer.pointee.trimFrom)
        mix(pointer.pointee.trimTo)
        for line in pointer.pointee.lines ?? [] {
            mix(UInt64(line.runs.count))
            for run in line.runs {
                mix(run.color)
                mix(run.fontSize)
                mix(UInt64(run.weight.rawValue))
            }
        }
        return Int(truncatingIfNeeded: h.value)
    }

    /// `#id` for a view with an explicit identity, else its parent's key and its index.
    static func key(_ node: RenderNode, index: Int, parent: String) -> String { key(id: node.id, index: index, parent: parent) }

    static func key(id: String?, index: Int, parent: String) -> String {
        if let id { return "#" + id }
        return (parent == rootKey ? "" : parent) + "/" + String(index)
    }

    /// Whether the runs of two texts are drawn alike (count, colour, size, weight of each), lines apart.
    static func sameRunStyles(_ a: RenderNode, _ b: RenderNode) -> Bool {
        guard a.text == b.text, let la = a.lines, let lb = b.lines else { return true }
        guard la.count == lb.count else { return false }
        for (x, y) in zip(la, lb) {
            guard x.runs.count == y.runs.count else { return false }
            for (r, q) in zip(x.runs, y.runs) where r.color != q.color || r.fontSize != q.fontSize || r.weight != q.weight { return false }
        }
        return true
    }

    /// What differs between two matched nodes apart from their frames and children, in words.
    static func differences(_ a: RenderNode, _ b: RenderNode) -> [String] {
        var out: [String] = []
        if a.role != b.role { out.append("role \(a.role.rawValue) → \(b.role.rawValue)") }
        if a.text != b.text { out.append("text \"\(a.text ?? "")\" → \"\(b.text ?? "")\"") }
        if a.color != b.color || a.gradient != b.gradient { out.append("colour") }
        if a.opacity != b.opacity { out.append("opacity") }
        if a.fraction != b.fraction { out.append("value") }
        if a.isOn != b.isOn { out.append("state") }
        if a.imageName != b.imageName || a.imageData != b.imageData { out.append("image") }
        if a.shape != b.shape || a.cornerRadius != b.cornerRadius || a.pathData != b.pathData || a.strokeWidth != b.strokeWidth
            || a.trimFrom != b.trimFrom || a.trimTo != b.trimTo {
            out.append("shape")
        }
        if !sameRunStyles(a, b) { out.append("text style") }
        return out
    }
}
