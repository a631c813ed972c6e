import Foundation
import RelevanceKit
import WidgetArchive
import WidgetIntents
import WidgetProtocol

/// `WidgetRelevanceGroup`: widgets of one group are suggested one at a time.
public struct WidgetRelevanceGroup: Hashable, Sendable {
    /// nil: by the app (the default); "": ungrouped; else a name.
    let name: String?
    public static let automatic = WidgetRelevanceGroup(name: nil)
    public static let ungrouped = WidgetRelevanceGroup(name: "")
    public static func named(_ name: String) -> WidgetRelevanceGroup { WidgetRelevanceGroup(name: name.isEmpty ? nil : name) }
}

/// `WidgetRelevanceAttribute`: a configuration relevant in a context, or in a group.
public struct WidgetRelevanceAttribute<Configuration> {
    let configuration: Configuration?
    let context: RelevantContext?
    let group: WidgetRelevanceGroup?

    public init(configuration: Configuration, context: RelevantContext) {
        self.configuration = configuration
        self.context = context
        group = nil
    }

    public init(configuration: Configuration, group: WidgetRelevanceGroup) {
        self.configuration = configuration
        context = nil
        self.group = group
    }
}

extension WidgetRelevanceAttribute where Configuration == Void {
    public init(context: RelevantContext) {
        configuration = ()
        self.context = context
        group = nil
    }

    public init(group: WidgetRelevanceGroup) {
        configuration = ()
        context = nil
        self.group = group
    }
}

/// `WidgetRelevance`: a widget's relevance attributes, most important first (the system may use only
/// some).
public struct WidgetRelevance<Configuration> {
    let attributes: [WidgetRelevanceAttribute<Configuration>]
    public init(_ attributes: [WidgetRelevanceAttribute<Configuration>]) { self.attributes = attributes }

    /// The clues the host matches: each context with its configuration's parameters (`encode`), and the
    /// group that configuration's group attribute names.
    func clues(encode: (Configuration?) throws -> [UInt8]) rethrows -> [RelevanceClue] {
        var groups: [[UInt8]: String?] = [:]
        for attribute in attributes where attribute.context == nil {
            groups[try encode(attribute.configuration)] = attribute.group?.name
        }
        return try attributes.compactMap { attribute in
            guard let context = attribute.context else { return nil }
            let configuration = try encode(attribute.configuration)
            return RelevanceClue(context: context.value, configuration: configuration, group: groups[configuration] ?? nil)
        }
    }
}

extension WidgetCenter {
    /// `invalidateRelevance(ofKind:)`: the widget's relevance changed. The host asks for it again with the
    /// widget's next timeline; the call is recorded, as reloads are.
    public func invalidateRelevance(ofKind kind: String) { reloadTimelines(ofKind: kind) }
}
