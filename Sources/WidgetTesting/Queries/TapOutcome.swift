import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetLayout

/// What tapping a view would do, read from the render tree without performing it: the intent and its
/// parameters, the state a toggle flips to, or the URL that opens. As in SwiftUI, a tap on a label
/// goes to the control around it.
public enum TapOutcome: Hashable, Sendable, CustomStringConvertible {
    /// A `Button(intent:)`: the intent's type and parameters, by name.
    case intent(String, parameters: [String: IntentParameterValue])
    /// A `Toggle(isOn:intent:)`: its intent, and whether the tap turns it on.
    case toggle(intent: String, parameters: [String: IntentParameterValue], turnsOn: Bool)
    /// A `Link` or `widgetURL`: the URL the app is opened with.
    case openURL(String)
    /// A control whose action is inert (a `Button` with a closure, which widgets cannot run).
    case nothing

    public var description: String {
        switch self {
        case .intent(let type, let parameters): "performs \(type)\(Self.list(parameters))"
        case .toggle(let type, let parameters, let on): "turns \(on ? "on" : "off") with \(type)\(Self.list(parameters))"
        case .openURL(let url): "opens \(url)"
        case .nothing: "does nothing"
        }
    }

    private static func list(_ parameters: [String: IntentParameterValue]) -> String {
        parameters.isEmpty ? "" : "(" + parameters.keys.sorted().map { "\($0): \(parameters[$0].map { "\($0)" } ?? "")" }.joined(separator: ", ") + ")"
    }

    /// The outcome of `action`, on a control currently `isOn` (toggles).
    init?(_ action: Action, isOn: Bool?) {
        switch action.kind {
        case .inert:
            self = .nothing
        case .url:
            guard let url = action.target else { return nil }
            self = .openURL(url)
        case .intent:
            guard let type = action.target else { return nil }
            var parameters: [String: IntentParameterValue] = [:]
            if let bytes = action.parameters?.bytes, let decoded = try? IntentParameterCoding.decode(bytes) {
                for (name, value) in decoded { parameters[name] = value }
            }
            self = action.isToggle == true ? .toggle(intent: type, parameters: parameters, turnsOn: !(isOn ?? false)) : .intent(type, parameters: parameters)
        }
    }
}

extension RenderTree {
    /// What a tap on the first view matching `query` would do, without doing it; nil when the view is
    /// not found or neither it nor a view around it does anything.
    public func tapOutcome(_ query: NodeQuery) -> TapOutcome? {
        guard let node = actingNode(query), let action = node.action else { return nil }
        return TapOutcome(action, isOn: node.isOn)
    }

    /// The views from the root down to the first that matches.
    static func path(to query: NodeQuery, in node: RenderNode) -> [RenderNode]? {
        if query.matches(node) { return [node] }
        for child in node.children {
            if let below = path(to: query, in: child) { return [node] + below }
        }
        return nil
    }
}

extension WidgetSession {
    /// Taps the first view matching `query` for real: the intent runs in the extension and the
    /// timeline reloads. The tap lands at the centre of the view that acts (the control around a
    /// label), as a finger would.
    public func tap(_ query: NodeQuery) throws -> TapResult {
        let tree = try render()
        guard let target = tree.actingNode(query) else {
            throw HostError.noSuchElement(instance: instance.id, element: query.description)
        }
        return try tap(at: Point(x: target.frame.x + target.frame.width / 2, y: target.frame.y + target.frame.height / 2))
    }
}

extension RenderTree {
    /// The view a tap on the first match of `query` goes to: the match, the nearest acting view
    /// around it, or the first acting view inside it.
    func actingNode(_ query: NodeQuery) -> RenderNode? {
        guard let path = Self.path(to: query, in: root) else { return nil }
        if let around = path.reversed().first(where: { $0.action != nil }) { return around }
        return path.last?.allNodes().first { $0.action != nil }
    }
}
