import Foundation
import WidgetLayout

/// Which views a test means, as Glance's unit tests find nodes: by the text they show, their `.id`,
/// their role, their accessibility label, or several of these at once. A query describes itself, so a failure says what was
/// looked for.
///
/// ```swift
/// let tree = try widget.render()
/// XCTAssertEqual(tree.nodes(.text("Buy milk")).count, 1)
/// XCTAssertEqual(tree.tapOutcome(.text("Buy milk")), .toggle(intent: "ToggleTaskIntent", parameters: ["taskID": .string("milk")], turnsOn: true))
/// ```
public struct NodeQuery: Sendable, CustomStringConvertible {
    let matches: @Sendable (RenderNode) -> Bool
    public let description: String

    public init(_ description: String, matching: @escaping @Sendable (RenderNode) -> Bool) {
        self.description = description
        matches = matching
    }

    /// A view showing exactly `text` (or containing it, with `substring: true`).
    public static func text(_ text: String, substring: Bool = false) -> NodeQuery {
        NodeQuery(substring ? "text containing \"\(text)\"" : "text \"\(text)\"") { node in
            guard let shown = node.text else { return false }
            return substring ? shown.contains(text) : shown == text
        }
    }

    /// The view marked `.id(id)` (a control's element id included).
    public static func id(_ id: String) -> NodeQuery { NodeQuery("id \"\(id)\"") { $0.id == id } }

    /// Views of a role: `.text`, `.image`, `.control`, `.progress`….
    public static func role(_ role: RenderNode.Role) -> NodeQuery { NodeQuery("role \(role.rawValue)") { $0.role == role } }

    /// A view that performs something when tapped (a button, a toggle, a link).
    public static var actionable: NodeQuery { NodeQuery("an actionable view") { $0.action.map { $0.kind != .inert } ?? false } }

    /// Views that match both.
    public func and(_ other: NodeQuery) -> NodeQuery {
        let a = matches, b = other.matches
        return NodeQuery("\(description) and \(other.description)") { a($0) && b($0) }
    }
}

extension RenderTree {
    /// Every view that matches, in drawing order.
    public func nodes(_ query: NodeQuery) -> [RenderNode] { root.allNodes().filter(query.matches) }

    /// The first view that matches.
    public func node(_ query: NodeQuery) -> RenderNode? { root.allNodes().first(where: query.matches) }
}

extension NodeQuery {
    /// The view whose `.accessibilityLabel(_:)` is `label`.
    public static func accessibilityLabel(_ label: String) -> NodeQuery {
        NodeQuery("accessibility label \"\(label)\"") { $0.accessibilityLabel == label }
    }
}
