import ByteCoding
import Foundation
import WidgetArchive
import WidgetLayout

/// A render tree as a table of views by key, each with what it inherits for animation. Made for both
/// entries of every transition, so it holds only what matching needs: a view's text, transition and
/// the node itself are found from the tree when a view turns out to have changed.
struct FlatTree {
    static let rootKey = "/"

    /// A view as the plan needs it.
    struct Entry {
        var key: String
        /// FNV-1a of `key`'s bytes, made as the key is (a child's key extends its parent's).
        var keyHash: UInt64
        /// The parent's position, -1 for the root; the view's index among its parent's children.
        var parent: Int32
        var childIndex: Int32
        var frame: Rect
        /// The parent's frame: what an inserted or removed view is clipped to.
        var container: Rect
        var role: RenderNode.Role
        /// A hash of everything it draws apart from its role, frame and children (`signature`).
        var signature: Int
        /// The digest of the value its own `.animation(_:value:)` watches, if it has one.
        var valueDigest: UInt64?
        /// The innermost `.animation(_:value:)` scope around the view (or on it), in `scopes`; -1 for none.
        var scope: Int32
        var contentTransition: ContentTransitionValue?
        var numericValue: Double?
        /// Whether it names a `.transition`: it is read from the node when the view comes or goes.
        var hasTransition: Bool
    }

    /// An `.animation(_:value:)` scope: the view that writes it, its animation, and the scope around it.
    struct Scope {
        var entry: Int32
        var animation: AnimationValue?
        var outer: Int32
    }

    let root: RenderNode
    /// The views in drawing order, parents first; `positions` finds one by key.
    private(set) var list: [Entry] = []
    private(set) var scopes: [Scope] = []
    private var positions = KeyTable()

    init(_ root: RenderNode) {
        self.root = root
        let count = withUnsafePointer(to: root) { Self.count($0) }
        list.reserveCapacity(count)
        positions.reserve(count)
        withUnsafePointer(to: root) { root in
            add(root, key: Self.rootKey, keyHash: FNV1a.hash(Self.rootKey), parent: -1, childIndex: 0, container: root.pointee.frame,
                scope: -1, content: nil, numeric: nil)
        }
    }

    /// How many views a tree holds, to make room for them at once.
    private static func count(_ node: UnsafePointer<RenderNode>) -> Int {
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return 1 }
            var total = 1
            for index in children.indices { total += count(first + index) }
            return total
        }
    }

    func position(_ key: String) -> Int? { positions.position(of: key, hash: FNV1a.hash(key), in: list) }

    /// The position of the view keyed `key`, whose hash is known (another tree's entry).
    func position(_ key: String, hash: UInt64) -> Int? { positions.position(of: key, hash: hash, in: list) }

    func contains(_ key: String) -> Bool { position(key) != nil }

    func parentKey(_ index: Int) -> String? {
        let parent = Int(list[index].parent)
        return parent >= 0 ? list[parent].key : nil
    }

    /// `.animation(_:value:)` scopes around the view at `index` (and on it), innermost first.
    func animationScopes(_ index: Int) -> [Scope] {
        var out: [Scope] = []
        var scope = Int(list[index].scope)
        while scope >= 0 {
            out.append(scopes[scope])
            scope = Int(scopes[scope].outer)
        }
        return out
    }

    /// The node of the view at `index`, found from the root by its path.
    func node(_ index: Int) -> RenderNode {
        var path: [Int] = []
        var i = index
        while list[i].parent >= 0 {
            path.append(Int(list[i].childIndex))
            i = Int(list[i].parent)
        }
        var node = root
        for child in path.reversed() { node = node.children[child] }
        return node
    }

    /// `node` is read through a pointer: passing each child by value would copy it (all its fields,
    /// retained and released) on the way down.
    private mutating func add(_ node: UnsafePointer<RenderNode>, key: String, keyHash: UInt64, parent: Int32, childIndex: Int32,
                              container: Rect, scope: Int32, content: ContentTransitionValue?, numeric: Double?) {
        // A repeated explicit id: the first one counts.
        guard positions.position(of: key, hash: keyHash, in: list) == nil else { return }
        let position = Int32(list.count)
        var scope = scope, content = content, numeric = numeric
        var digest: UInt64?, hasTransition = false
        if let motion = node.pointee.motion {
            if motion.animationWritten == true {
                scopes.append(Scope(entry: position, animation: motion.animation, outer: scope))
                scope = Int32(scopes.count - 1)
            }
            content = motion.contentTransition ?? content
            numeric = motion.numericValue ?? numeric
            digest = motion.valueDigest
            hasTransition = motion.transition != nil
        }
        positions.insert(Int(position), hash: keyHash)
        let frame = node.pointee.frame
        list.append(Entry(key: key, keyHash: keyHash, parent: parent, childIndex: childIndex, frame: frame, container: container,
                          role: node.pointee.role, signature: Self.signature(node), valueDigest: digest, scope: scope,
                          contentTransition: content, numericValue: numeric, hasTransition: hasTransition))
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for index in children.indices {
                let (childKey, childHash) = Self.key(id: children[index].id, index: index, parent: key, parentHash: keyHash)
                add(first + index, key: childKey, keyHash: childHash, parent: position, childIndex: Int32(index), container: frame,
                    scope: scope, content: content, numeric: numeric)
            }
        }
    }

    /// `#id` for a view with an explicit identity, else its parent's key and its index.
    static func key(_ node: RenderNode, index: Int, parent: String) -> String { key(id: node.id, index: index, parent: parent) }

    static func key(id: String?, index: Int, parent: String) -> String {
        if let id { return "#" + id }
        return (parent == rootKey ? "" : parent) + "/" + String(index)
    }

    /// `/0`, `/1`, …: what a child's index adds to its parent's key, made once.
    private static let childSuffixes = (0..<64).map { "/" + String($0) }

    /// The key and its hash: a structural key's hash goes on from its parent's over the bytes added.
    static func key(id: String?, index: Int, parent: String, parentHash: UInt64) -> (String, UInt64) {
        if let id {
            let key = "#" + id
            return (key, FNV1a.hash(key))
        }
        let suffix = index < childSuffixes.count ? childSuffixes[index] : "/" + String(index)
        if parent == rootKey { return (suffix, FNV1a.hash(suffix)) }
        return (parent + suffix, FNV1a.continuing(parentHash, suffix))
    }

    /// What `differences` compares apart from the role, as one number: each field folded in as a word
    /// of FNV-1a (the standard library's `Hasher` costs several times more per field, and this runs for
    /// every view of both entries).
    static func signature(_ node: UnsafePointer<RenderNode>) -> Int {
        var h = FNV1a()
        func mix(_ v: UInt64) { h.combine(v) }
        func mix(_ d: Double?) { mix(d?.bitPattern ?? 0x7FF8_DEAD_0000_0001) }
        func mix(_ s: String?) { mix(s.map(FNV1a.hash) ?? 0x5EED) }
        // Image bytes and path data can be long: the standard hash is quicker per byte than FNV-1a.
        func mixLong(_ v: (some Hashable)?) { mix(UInt64(bitPattern: Int64(v?.hashValue ?? 0x5EED))) }
        func mix(_ c: RenderColor?) { mix(c.map { UInt64($0.red) << 24 | UInt64($0.green) << 16 | UInt64($0.blue) << 8 | UInt64($0.alpha) } ?? 1 << 40) }
        mix(node.pointee.text)
        mix(node.pointee.color)
        if let gradient = node.pointee.gradient { mix(UInt64(bitPattern: Int64(gradient.hashValue))) }
        mix(node.pointee.opacity)
        mix(node.pointee.fraction)
        mix(node.pointee.isOn.map { $0 ? 1 : 2 } ?? 3)
        mix(node.pointee.imageName)
        mixLong(node.pointee.imageData)
        if let shape = node.pointee.shape { mix(UInt64(bitPattern: Int64(shape.hashValue))) }
        mix(node.pointee.cornerRadius)
        mixLong(node.pointee.pathData)
        mix(node.pointee.strokeWidth)
        mix(node.pointee.trimFrom)
        mix(node.pointee.trimTo)
        if let lines = node.pointee.lines {
            for line in lines {
                mix(UInt64(line.runs.count))
                for run in line.runs {
                    mix(run.color)
                    mix(run.fontSize)
                    mix(UInt64(run.weight.rawValue))
                }
            }
        }
        return Int(truncatingIfNeeded: h.value)
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

    /// What differs between two matched nodes apart from their frames and children.
    static func differences(_ a: RenderNode, _ b: RenderNode) -> [TransitionPlan.Difference] {
        var out: [TransitionPlan.Difference] = []
        if a.role != b.role { out.append(.role(from: a.role, to: b.role)) }
        if a.text != b.text { out.append(.text(from: a.text, to: b.text)) }
        if a.color != b.color || a.gradient != b.gradient { out.append(.colour) }
        if a.opacity != b.opacity { out.append(.opacity) }
        if a.fraction != b.fraction { out.append(.value) }
        if a.isOn != b.isOn { out.append(.state) }
        if a.imageName != b.imageName || a.imageData != b.imageData { out.append(.image) }
        if a.shape != b.shape || a.cornerRadius != b.cornerRadius || a.pathData != b.pathData || a.strokeWidth != b.strokeWidth
            || a.trimFrom != b.trimFrom || a.trimTo != b.trimTo {
            out.append(.shape)
        }
        if !sameRunStyles(a, b) { out.append(.textStyle) }
        return out
    }
}

extension FlatTree {
    /// Positions in `list` by their key's FNV-1a hash: open addressing over a power-of-two table,
    /// keys compared in full on a hash match. The standard dictionary would hash each key again with
    /// its seeded hasher, which costs more than everything else a lookup does.
    struct KeyTable {
        /// Position + 1 per slot; 0 is empty.
        private var slots: [Int32] = []
        private var hashes: [UInt64] = []
        private var count = 0

        /// Room for `views` keys at most half full.
        mutating func reserve(_ views: Int) {
            var size = 16
            while size < views * 2 { size *= 2 }
            guard size > slots.count else { return }
            let old = zip(slots, hashes).filter { $0.0 != 0 }
            slots = [Int32](repeating: 0, count: size)
            hashes = [UInt64](repeating: 0, count: size)
            count = 0
            for (slot, hash) in old { insert(Int(slot) - 1, hash: hash) }
        }

        func position(of key: String, hash: UInt64, in list: [Entry]) -> Int? {
            guard !slots.isEmpty else { return nil }
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
            if (count + 1) * 2 > slots.count { reserve(max(8, count * 2)) }
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position + 1)
            hashes[slot] = hash
            count += 1
        }
    }
}
