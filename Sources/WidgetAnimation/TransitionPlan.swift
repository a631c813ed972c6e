import Foundation
import WidgetArchive
import WidgetLayout

/// How the host animates from one entry to the next, computed from the two laid-out entries alone:
/// every view matched (by explicit `.id`, else by its place in the tree), what happened to it, and the
/// animation that moves it. `TransitionFrames` draws it at any instant.
public struct TransitionPlan: Sendable {
    /// One view's part in the transition.
    public struct Change: Hashable, Sendable, Encodable {
        public enum Kind: String, Hashable, Sendable, Codable {
            /// Same place, same content.
            case unchanged
            /// Same content, another place in its container or another size: it moves or resizes (a view
            /// that only goes where its container goes is carried by it, and not listed).
            case moved
            /// Its content changed (text, colour, value), wherever it is.
            case changed
            /// Only in the new entry: it comes in with its transition.
            case inserted
            /// Only in the old entry: it goes out with its transition.
            case removed
        }

        /// How text content changes.
        public enum TextChange: String, Hashable, Sendable, Codable {
            /// The changed digits roll up (new ones from below) or down.
            case rollUp, rollDown
            case crossFade
            /// `.contentTransition(.identity)`: swapped at once.
            case swap
        }

        /// `#id` for views with an explicit identity (and `#id/1/0` inside them), else the path of child
        /// indices from the widget (`/0/2`).
        public var key: String
        public var role: RenderNode.Role
        public var kind: Kind
        /// What differs (its frame, its text, its colour…); in words in the JSON form.
        public var differences: [Difference]
        /// The animation that applies; nil for none. The JSON form writes it as SwiftUI does.
        public var animation: AnimationValue?
        /// For insertions and removals: the transition as the widget wrote it (before the system's
        /// defaults are applied).
        public var transition: TransitionValue?
        public var textChange: TextChange?
        /// Seconds after the change when it starts moving, and until it is at rest.
        public var start: Double
        public var duration: Double
        public var from: Rect?
        public var to: Rect?
    }

    /// What differs between a view's two states, apart from its children.
    public enum Difference: Hashable, Sendable, CustomStringConvertible {
        /// Where it is or its size, against its container.
        case frame
        case role(from: RenderNode.Role, to: RenderNode.Role)
        case text(from: String?, to: String?)
        case colour, opacity, value, state, image, shape
        /// The runs' colours, sizes or weights, the text itself unchanged.
        case textStyle

        /// In words, as the JSON form writes it (`text "240 mg" → "320 mg"`).
        public var description: String {
            switch self {
            case .frame: "frame"
            case .role(let a, let b): "role \(a.rawValue) → \(b.rawValue)"
            case .text(let a, let b): "text \"\(a ?? "")\" → \"\(b ?? "")\""
            case .colour: "colour"
            case .opacity: "opacity"
            case .value: "value"
            case .state: "state"
            case .image: "image"
            case .shape: "shape"
            case .textStyle: "text style"
            }
        }
    }

    public let from: RenderTree
    public let to: RenderTree
    /// Every view that is not unchanged, old tree order then insertions.
    public let changes: [Change]
    /// Until the last change is at rest.
    public let duration: Double
    /// What the frames need beyond `changes`: the nodes and curves, by key.
    let motions: [String: Motion]

    /// A change as drawing needs it.
    struct Motion: Sendable {
        var change: Change
        var curve: AnimationCurve
        var old: RenderNode?
        var new: RenderNode?
        var transition: TransitionValue
        /// The frame of the container an inserted or removed view is clipped to.
        var container: Rect
        /// A removed view: the container it is drawn in during the transition (still in the new entry)
        /// and its index there in the old entry.
        var removedFrom: (parent: String, index: Int)?
    }

    /// Views with no change of their own (unchanged, carried by a moving container, or inside a view
    /// that comes or goes) are left out of `changes`, but counted here.
    public let unchangedCount: Int
}

extension TransitionPlan.Change {
    enum CodingKeys: String, CodingKey {
        case key, role, kind, differences, animation, transition, textChange, start, duration, from, to
    }

    /// Animations, transitions and differences in words, as SwiftUI and a reader write them.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(role, forKey: .role)
        try c.encode(kind, forKey: .kind)
        try c.encode(differences.map(\.description), forKey: .differences)
        try c.encode(animation?.description ?? "none", forKey: .animation)
        try c.encodeIfPresent(transition?.description, forKey: .transition)
        try c.encodeIfPresent(textChange, forKey: .textChange)
        try c.encode(start, forKey: .start)
        try c.encode(duration, forKey: .duration)
        try c.encodeIfPresent(from, forKey: .from)
        try c.encodeIfPresent(to, forKey: .to)
    }
}

extension TransitionPlan {
    /// The plan as JSON: the duration, then each change.
    public func json() -> String {
        struct Document: Encodable {
            var duration: Double
            var unchanged: Int
            var changes: [Change]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(duration: (duration * 1000).rounded() / 1000, unchanged: unchangedCount, changes: changes)
        guard let data = try? encoder.encode(document), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text + "\n"
    }
}
