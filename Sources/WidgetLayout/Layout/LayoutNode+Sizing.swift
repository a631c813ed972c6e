import Foundation
import WidgetArchive

extension LayoutNode {
    /// The size this node chooses for a proposal. Pure and cached per proposal.
    func sizeThatFits(_ p: ProposedSize) -> Size {
        if let cached = cache(p) { return cached }
        let size = computeSize(p)
        store(p, size)
        return size
    }

    private func computeSize(_ p: ProposedSize) -> Size {
        switch kind {
        case .empty:
            return .zero
        case .text(let text):
            return TextLayout.layout(text, proposal: p).size
        case .image(let image):
            guard image.resizable else { return image.naturalSize }
            if case .data = image.source {
                let natural = image.naturalSize
                return Size(width: p.width ?? natural.width, height: p.height ?? natural.height)
            }
            return Size(width: p.width ?? image.pointSize * 1.2, height: p.height ?? image.pointSize * 1.2)
        case .fill, .accessoryBackground, .geometryReader, .unsupported:
            return Size(width: p.width ?? 10, height: p.height ?? 10)
        case .spacer(let minLength):
            return Size(width: max(minLength, p.width ?? minLength), height: max(0, p.height ?? 0))
        case .stack(let axis, _, let spacing, let children):
            switch axis {
            case .depth:
                var size = Size.zero
                for child in children where !child.isEmpty {
                    let s = child.sizeThatFits(p)
                    size.width = max(size.width, s.width)
                    size.height = max(size.height, s.height)
                }
                return size
            case .horizontal, .vertical:
                let layoutAxis: LayoutAxis = axis == .horizontal ? .horizontal : .vertical
                let sizes = StackLayout.childSizes(axis: layoutAxis, spacing: spacing, children: children, proposal: p)
                return StackLayout.total(axis: layoutAxis, spacing: spacing, children: children, sizes: sizes)
            }
        case .frame(let spec, let child):
            return FrameLayout.size(spec, child: child, proposal: p)
        case .padding(let t, let l, let b, let r, let child):
            let inner = ProposedSize(width: p.width.map { max(0, $0 - l - r) }, height: p.height.map { max(0, $0 - t - b) })
            let s = child.sizeThatFits(inner)
            return Size(width: s.width + l + r, height: s.height + t + b)
        case .decorated(let child, _, _, _):
            return child.sizeThatFits(p)
        case .fitting(let axes, let alternatives):
            return ViewThatFitsLayout.choose(axes: axes, alternatives: alternatives, proposal: p)?.sizeThatFits(p) ?? .zero
        case .progress(let spec):
            return ProgressLayout.size(spec, proposal: p)
        case .control(let spec, let label):
            if spec.isToggle || spec.isPlain { return label.sizeThatFits(p) }
            let inner = ProposedSize(width: p.width.map { max(0, $0 - 2 * ControlLayout.hPad) },
                                     height: p.height.map { max(0, $0 - 2 * ControlLayout.vPad) })
            let s = label.sizeThatFits(inner)
            return Size(width: s.width + 2 * ControlLayout.hPad, height: s.height + 2 * ControlLayout.vPad)
        case .effect(let spec, let child):
            return spec.hidden ? child.sizeThatFits(p) : child.sizeThatFits(p)
        case .positioned(_, _, let child):
            // The space offered; where none is, the child's own.
            let s = child.sizeThatFits(p)
            return Size(width: p.width ?? s.width, height: p.height ?? s.height)
        case .fixedSize(let h, let v, let child):
            let ideal = child.sizeThatFits(ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height))
            return ideal
        case .aspect(let ratio, let mode, let child):
            let r = ratio ?? intrinsicRatio(child)
            guard let r, r > 0 else { return child.sizeThatFits(p) }
            let target = AspectLayout.fit(ratio: r, mode: mode, proposal: p)
            return child.sizeThatFits(ProposedSize(target))
        }
    }

    /// Width / height of a child's ideal size, for `aspectRatio` without an explicit ratio.
    func intrinsicRatio(_ child: LayoutNode) -> Double? {
        switch child.kind {
        case .image(let image):
            let natural = image.naturalSize
            return natural.height > 0 ? natural.width / natural.height : 1
        case .effect(_, let inner), .padding(_, _, _, _, let inner): return intrinsicRatio(inner)
        default:
            let s = child.sizeThatFits(.unspecified)
            return s.height > 0 ? s.width / s.height : nil
        }
    }

    // MARK: cache
    private func cache(_ p: ProposedSize) -> Size? { cacheStorage[p] }
    private func store(_ p: ProposedSize, _ s: Size) { cacheStorage[p] = s }
}

enum StackLayout {
    /// SwiftUI's stack distribution: higher layout priority first; within a priority, the least
    /// flexible child first; each gets an even share of what is left.
    static func childSizes(axis: LayoutAxis, spacing: Double, children: [LayoutNode], proposal p: ProposedSize) -> [Size] {
        let visible = children.indices.filter { !children[$0].isEmpty }
        var sizes = Array(repeating: Size.zero, count: children.count)
        let totalSpacing = spacing * Double(max(0, visible.count - 1))
        guard let main = p[axis] else {
            for i in visible { sizes[i] = children[i].sizeThatFits(p) }
            return sizes
        }
        var probe0 = p, probeInf = p
        probe0[axis] = 0
        probeInf[axis] = .infinity
        var minMain: [Int: Double] = [:]
        var flexibility: [Int: Double] = [:]
        for i in visible {
            let lo = children[i].sizeThatFits(probe0)[axis]
            let hi = children[i].sizeThatFits(probeInf)[axis]
            minMain[i] = lo
            flexibility[i] = hi - lo
        }
        // Spacers give way to everything else: they are sized last, after keeping their minimum length.
        func priority(_ i: Int) -> Double { children[i].isSpacer ? -.greatestFiniteMagnitude : children[i].priority }
        let priorities = Set(visible.map(priority)).sorted(by: >)
        var remaining = main - totalSpacing
        for (groupIndex, level) in priorities.enumerated() {
            let group = visible.filter { priority($0) == level }
                .sorted { (flexibility[$0]!, $0) < (flexibility[$1]!, $1) }
            let lowerReserve = priorities.dropFirst(groupIndex + 1).reduce(0.0) { sum, lower in
                sum + visible.filter { priority($0) == lower }.reduce(0.0) { $0 + minMain[$1]! }
            }
            var groupRemaining = remaining - lowerReserve
            for (k, i) in group.enumerated() {
                let share = max(0, groupRemaining / Double(group.count - k))
                var proposal = p
                proposal[axis] = share
                let s = children[i].sizeThatFits(proposal)
                sizes[i] = s
                groupRemaining -= s[axis]
                remaining -= s[axis]
            }
        }
        return sizes
    }

    static func total(axis: LayoutAxis, spacing: Double, children: [LayoutNode], sizes: [Size]) -> Size {
        let visible = children.indices.filter { !children[$0].isEmpty }
        var size = Size.zero
        size[axis] = visible.reduce(0) { $0 + sizes[$1][axis] } + spacing * Double(max(0, visible.count - 1))
        size[axis.other] = visible.map { sizes[$0][axis.other] }.max() ?? 0
        return size
    }
}

enum FrameLayout {
    static func size(_ spec: FrameSpec, child: LayoutNode, proposal p: ProposedSize) -> Size {
        let childProposal = proposalForChild(spec, p)
        let c = child.sizeThatFits(childProposal)
        return Size(
            width: dimension(min: spec.minWidth, ideal: spec.idealWidth, max: spec.maxWidth, proposed: p.width, child: c.width),
            height: dimension(min: spec.minHeight, ideal: spec.idealHeight, max: spec.maxHeight, proposed: p.height, child: c.height))
    }

    static func proposalForChild(_ spec: FrameSpec, _ p: ProposedSize) -> ProposedSize {
        func one(_ min: Double?, _ ideal: Double?, _ max: Double?, _ proposed: Double?) -> Double? {
            if let min, let max, min == max { return min }  // fixed
            guard let proposed = proposed ?? ideal else { return nil }
            var v = proposed
            if let max { v = Swift.min(v, max) }
            if let min { v = Swift.max(v, min) }
            return v
        }
        return ProposedSize(width: one(spec.minWidth, spec.idealWidth, spec.maxWidth, p.width),
                            height: one(spec.minHeight, spec.idealHeight, spec.maxHeight, p.height))
    }

    /// SwiftUI's flexible frame on one axis: the proposal clamped between the minimum and maximum,
    /// where a missing bound is the child's own size.
    static func dimension(min: Double?, ideal: Double?, max: Double?, proposed: Double?, child: Double) -> Double {
        if let min, let max, min == max { return min }
        if min == nil && max == nil { return proposed == nil ? (ideal ?? child) : child }
        let lo = min ?? child
        let hi = max ?? child
        let target = proposed ?? ideal ?? child
        return Swift.max(lo, Swift.min(target, hi))
    }
}

enum ViewThatFitsLayout {
    /// The first alternative whose ideal size fits the proposal on the constrained axes; else the last.
    static func choose(axes: UInt8, alternatives: [LayoutNode], proposal p: ProposedSize) -> LayoutNode? {
        for alternative in alternatives {
            let ideal = alternative.sizeThatFits(ProposedSize(width: axes & 1 != 0 ? nil : p.width,
                                                              height: axes & 2 != 0 ? nil : p.height))
            let fitsW = axes & 1 == 0 || p.width == nil || ideal.width <= p.width! + 0.001
            let fitsH = axes & 2 == 0 || p.height == nil || ideal.height <= p.height! + 0.001
            if fitsW && fitsH { return alternative }
        }
        return alternatives.last
    }
}

enum ProgressLayout {
    static let barHeight = 4.0
    static let defaultCircle = 44.0

    static func size(_ spec: ProgressSpec, proposal p: ProposedSize) -> Size {
        if spec.circular {
            let side = min(p.width ?? defaultCircle, p.height ?? defaultCircle)
            return Size(width: side, height: side)
        }
        var height = barHeight
        let width = p.width ?? 100
        if let label = spec.label { height += label.sizeThatFits(ProposedSize(width: width, height: nil)).height + 4 }
        if let current = spec.currentValueLabel { height += current.sizeThatFits(ProposedSize(width: width, height: nil)).height + 4 }
        return Size(width: width, height: height)
    }
}

enum ControlLayout {
    static let hPad = 10.0
    static let vPad = 6.0
}

enum AspectLayout {
    static func fit(ratio: Double, mode: ContentModeValue, proposal p: ProposedSize) -> Size {
        let w = p.width ?? (p.height.map { $0 * ratio } ?? 10 * ratio)
        let h = p.height ?? (p.width.map { $0 / ratio } ?? 10)
        let byWidth = Size(width: w, height: w / ratio)
        let byHeight = Size(width: h * ratio, height: h)
        switch mode {
        case .fit: return byWidth.height <= h ? byWidth : byHeight
        case .fill: return byWidth.height >= h ? byWidth : byHeight
        }
    }
}
