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
        for i in before.list.indices {
            consider(before.list[i].key, i, after.position(before.list[i].key, hash: before.list[i].keyHash))
        }
        for j in after.list.indices where before.position(after.list[j].key, hash: after.list[j].keyHash) == nil {
            consider(after.list[j].key, nil, j)
        }
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
        // Moved on its own: against its container, or resized. A view that only goes where its
        // container goes is carried by it.
        let a = before.list[i].frame, b = after.list[j].frame
        let oc = before.list[i].container, nc = after.list[j].container
        let moved = a.width != b.width || a.height != b.height || a.x - oc.x != b.x - nc.x || a.y - oc.y != b.y - nc.y
        guard moved || before.list[i].signature != after.list[j].signature || before.list[i].role != after.list[j].role else { return nil }
        let old = before.node(i), new = after.node(j)
        let differences = FlatTree.differences(old, new)
        guard moved || !differences.isEmpty else { return nil }
        let animation = applicableAnimation(j, in: after, before: before, after: after)
        let curve = curves.curve(animation)
        var change = TransitionPlan.Change(
            key: key, role: after.list[j].role, kind: differences.isEmpty ? .moved : .changed,
            differences: (moved ? [.frame] : []) + differences, animation: animation,
            transition: nil, textChange: nil, start: milliseconds(curve.delay), duration: milliseconds(curve.duration - curve.delay),
            from: a, to: b)
        if old.text != new.text {
            change.textChange = textChange(old.text, new.text, before.list[i].numericValue, after.list[j].numericValue,
                                           after.list[j].contentTransition)
        }
        return TransitionPlan.Motion(change: change, curve: curve, old: old, new: new, transition: .identity, container: nc)
    }

    /// A view coming in or going out: only the outermost such view moves (its inside goes with it).
    private static func appearance(key: String, index: Int, kind: TransitionPlan.Change.Kind, scope: FlatTree,
                                   other: FlatTree, curves: inout CurveCache) -> TransitionPlan.Motion? {
        let parentKey = scope.parentKey(index)
        if let parent = parentKey, !other.contains(parent), scope.contains(parent), parent != FlatTree.rootKey { return nil }
        let node = scope.node(index)
        let written = (scope.list[index].hasTransition ? node.motion?.transition : nil) ?? .widgetDefault
        let (transition, own) = resolve(written, insertion: kind == .inserted)
        let inherited = kind == .inserted ? applicableAnimation(index, in: scope, before: other, after: scope)
            : applicableAnimation(index, in: scope, before: scope, after: other)
        let animation = own ?? inherited
        let curve = curves.curve(animation)
        let frame = scope.list[index].frame
        let change = TransitionPlan.Change(
            key: key, role: scope.list[index].role, kind: kind, differences: [], animation: animation,
            transition: written, textChange: nil, start: milliseconds(curve.delay), duration: milliseconds(curve.duration - curve.delay),
            from: kind == .removed ? frame : nil, to: kind == .inserted ? frame : nil)
        // An outermost removed view's container is still there (or it is the widget itself).
        return TransitionPlan.Motion(change: change, curve: curve, old: kind == .removed ? node : nil,
                                     new: kind == .inserted ? node : nil, transition: transition, container: scope.list[index].container,
                                     removedFrom: kind == .removed ? (parentKey ?? FlatTree.rootKey, Int(scope.list[index].childIndex)) : nil)
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

    /// The innermost `.animation(_:value:)` around the view at `index` of `tree` whose watched value
    /// changed between the two entries; the system's implicit spring when there is none; nil when that
    /// one was written `nil`.
    static func applicableAnimation(_ index: Int, in tree: FlatTree, before: FlatTree, after: FlatTree) -> AnimationValue? {
        for scope in tree.animationScopes(index) {
            let writer = tree.list[Int(scope.entry)]
            let earlier = before.position(writer.key, hash: writer.keyHash).flatMap { before.list[$0].valueDigest }
            let later = after.position(writer.key, hash: writer.keyHash).flatMap { after.list[$0].valueDigest }
            guard let earlier, let later, earlier != later else { continue }
            return scope.animation
        }
        return .widgetDefault
    }

    private static func textChange(_ oldText: String?, _ newText: String?, _ oldValue: Double?, _ newValue: Double?,
                                   _ content: ContentTransitionValue?) -> TransitionPlan.Change.TextChange {
        switch content {
        case .identity?: return .swap
        case .numericTextCountsDown?: return .rollDown
        case .numericText?:
            if let a = oldValue, let b = newValue { return b < a ? .rollDown : .rollUp }
            if let a = Self.number(in: oldText), let b = Self.number(in: newText) { return b < a ? .rollDown : .rollUp }
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
    private static let instant = AnimationValue(.linear(duration: 0))

    mutating func curve(_ animation: AnimationValue?) -> AnimationCurve {
        let key = animation ?? Self.instant
        if let known = curves[key] { return known }
        let made = AnimationCurve(key)
        curves[key] = made
        return made
    }
}
