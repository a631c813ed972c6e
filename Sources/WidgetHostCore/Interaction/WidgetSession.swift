import Foundation
import WidgetArchive
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetStore

/// Keeps one widget instance up to date and carries its interactions, as the real system does:
/// a tap never runs widget code in the host. A toggle flips at once from its pre-rendered state and
/// `invalidatableContent` shows its invalid effect; the intent is sent to the extension that archived
/// the control; when it has been performed the timeline is reloaded (an interaction reload, exempt
/// from any budget) and the new entry replaces the optimistic state. A failed intent reverts it.
public final class WidgetSession {
    public let instance: WidgetInstance
    public let host: WidgetHost
    public private(set) var timeline: StoredTimeline? {
        didSet { timelineGeneration += 1 }
    }
    /// Changes whenever `timeline` is replaced: what the render and decode caches key on.
    private var timelineGeneration = 0
    /// Toggles flipped optimistically and not yet confirmed by a new entry.
    public private(set) var flippedToggles: Set<String> = []
    /// Between a tap and the new entry.
    public private(set) var awaitingReload = false
    /// The latest interactions (at most `maximumEvents`), oldest first: a long-running host reloads
    /// an instance many times a day, and keeps only the recent ones.
    public private(set) var events: [InteractionEvent] = [] {
        didSet { if events.count > Self.maximumEvents { events.removeFirst(events.count - Self.maximumEvents) } }
    }
    public static let maximumEvents = 256

    /// Lets go of what the session holds (its timeline, the decoded entry, the last render, its
    /// events): for an instance a reconfigured host no longer shows, whose slot stays.
    func releaseState() {
        timeline = nil
        decoded = nil
        lastRender = nil
        events = []
        flippedToggles = []
    }

    public init(host: WidgetHost, instance: WidgetInstance) {
        self.host = host
        self.instance = instance
    }

    /// The widget descriptor from the extension's hello.
    public func descriptor() throws(HostError) -> WidgetDescriptor {
        let connection = try host.connection(to: instance.extensionPath)
        guard let d = connection.descriptor(kind: instance.kind), d.families.contains(instance.family) else {
            throw .unknownWidget(extensionID: connection.extensionID, kind: instance.kind, family: instance.family.rawValue)
        }
        return d
    }

    /// Asks for a new timeline now.
    @discardableResult
    public func reload(reason: ReloadReason = .policy) throws(HostError) -> StoredTimeline {
        try reload(reason: reason, whileStoring: nil)
    }

    /// This instance's timeline request: its variant, and its configuration (or the first
    /// recommendation's, or none).
    private func timelineQuery() throws(HostError) -> ExtensionConnection.TimelineArguments {
        let widget = try descriptor()
        if widget.flags.contains(.promptsForUserConfiguration) && instance.encodedConfiguration == nil {
            throw .needsConfiguration(extensionID: try host.connection(to: instance.extensionPath).extensionID, kind: instance.kind)
        }
        if let reason = instance.resolvedPlacement.refusal(for: widget.flags) {
            throw .placementRefused(extensionID: try host.connection(to: instance.extensionPath).extensionID, kind: instance.kind,
                                   placement: instance.resolvedPlacement.id, reason: reason)
        }
        return ExtensionConnection.TimelineArguments(
            kind: instance.kind, family: instance.family, variants: [instance.variant(flags: widget.flags)],
            configuration: instance.encodedConfiguration ?? widget.recommendations.first?.configuration ?? [],
            placement: instance.resolvedPlacement.id)
    }

    private func reload(
        reason: ReloadReason, pending: ExtensionConnection.PendingRequest? = nil, whileStoring: ((StoredTimeline) -> Void)?
    ) throws(HostError) -> StoredTimeline {
        let query = try timelineQuery()
        let t = try host.reload(executable: instance.extensionPath, kind: query.kind, family: query.family, variants: query.variants,
                                configuration: query.configuration, placement: query.placement, pending: pending,
                                whileStoring: whileStoring)
        timeline = t
        flippedToggles = []
        awaitingReload = false
        events.append(InteractionEvent(date: host.clock.now, kind: .reloaded(reason)))
        return t
    }

    /// Reloads and returns the new entry's render tree, rendered while the timeline is written to disk
    /// (the write is still complete when this returns).
    private func reloadAndRender(reason: ReloadReason, pending: ExtensionConnection.PendingRequest?) throws(HostError) -> RenderTree {
        let at = host.clock.now
        var fresh: (index: Int, value: WidgetArchiveValue, tree: RenderTree)?
        let context = RenderContext(placement: instance.resolvedPlacement, family: instance.family, date: at,
                                    showsInvalidatedContent: false, flippedToggles: [])
        _ = try reload(reason: reason, pending: pending) { timeline in
            guard let (index, value) = try? self.host.decodeEntry(timeline, at: at) else { return }
            fresh = (index, value, WidgetRenderer.render(value, context: context))
        }
        guard let fresh else { return try render(at: at) }
        // What `render(at:)` would have produced for the new state, so it is cached the same way.
        decoded = (timelineGeneration, fresh.index, fresh.value)
        lastRender = (RenderKey(generation: timelineGeneration, date: at, flipped: flippedToggles, awaiting: awaitingReload), fresh.tree)
        return fresh.tree
    }

    /// Shows the last good stored timeline, if any, without asking the extension (a host restart).
    /// A corrupt stored file is quarantined instead, and the next render asks for a new timeline.
    @discardableResult
    public func restoreStoredTimeline() -> Bool {
        let extensionID = URL(fileURLWithPath: instance.extensionPath).lastPathComponent
        guard let stored = host.store.loadOrQuarantine(
            extensionID: extensionID, kind: instance.kind, family: instance.family,
            configuration: instance.encodedConfiguration ?? [], now: host.clock.now, log: host.log) else { return false }
        timeline = stored
        return true
    }

    /// The render tree at `date` (default: now), with any optimistic state applied.
    public func render(at date: Date? = nil) throws(HostError) -> RenderTree {
        if timeline == nil { try reload(reason: .startup) }
        guard let timeline else { throw .noTimeline(extensionID: instance.extensionPath, kind: instance.kind, family: instance.family.rawValue) }
        let at = date ?? host.clock.now
        let key = RenderKey(generation: timelineGeneration, date: at, flipped: flippedToggles, awaiting: awaitingReload)
        if let cached = lastRender, cached.key == key { return cached.tree }
        let context = RenderContext(
            placement: instance.resolvedPlacement, family: instance.family, date: at,
            showsInvalidatedContent: awaitingReload, flippedToggles: flippedToggles)
        let tree = WidgetRenderer.render(try archive(of: timeline, at: at), context: context)
        lastRender = (key, tree)
        return tree
    }

    /// The decoded archive of the entry current at `date`, decoded once per timeline and entry.
    private func archive(of timeline: StoredTimeline, at date: Date) throws(HostError) -> WidgetArchiveValue {
        if let cached = decoded, cached.generation == timelineGeneration, cached.index == timeline.entryIndex(at: date) {
            return cached.value
        }
        let (index, value) = try host.decodeEntry(timeline, at: date)
        decoded = (timelineGeneration, index, value)
        return value
    }
    private var decoded: (generation: Int, index: Int, value: WidgetArchiveValue)?

    /// What a render depends on besides the archive: the same key gives the same tree.
    private struct RenderKey: Equatable {
        var generation: Int
        var date: Date
        var flipped: Set<String>
        var awaiting: Bool
    }
    private var lastRender: (key: RenderKey, tree: RenderTree)?

    /// Taps the control (or link) with element id `id`.
    public func tap(element id: String) throws(HostError) -> TapResult {
        let tree = try render()
        guard let node = tree.root.allNodes().first(where: { $0.id == id && $0.action != nil })
            ?? tree.root.allNodes().first(where: { $0.id == id }).flatMap({ Self.actionable(in: $0) }) else {
            throw .noSuchElement(instance: instance.id, element: id)
        }
        return try perform(node, tree: tree)
    }

    /// Taps the topmost actionable element at a point (widget coordinates, points).
    public func tap(at point: Point) throws(HostError) -> TapResult {
        let tree = try render()
        guard let node = tree.hitTest(point) else { throw .noSuchElement(instance: instance.id, element: "(\(point.x), \(point.y))") }
        return try perform(node, tree: tree)
    }

    /// Taps the first control whose label shows `text`.
    public func tap(label text: String) throws(HostError) -> TapResult {
        let tree = try render()
        guard let node = tree.root.allNodes().first(where: { $0.action != nil && $0.allText.contains { $0.contains(text) } }) else {
            throw .noSuchElement(instance: instance.id, element: "label \"\(text)\"")
        }
        return try perform(node, tree: tree)
    }

    private static func actionable(in node: RenderNode) -> RenderNode? {
        node.allNodes().first { $0.action != nil }
    }

    private func perform(_ node: RenderNode, tree: RenderTree) throws(HostError) -> TapResult {
        guard let action = node.action else { throw .noSuchElement(instance: instance.id, element: node.id ?? "?") }
        // CarPlay disables interaction with a widget that disfavors it ("Adding StandBy and CarPlay
        // support to your widget").
        let placement = instance.resolvedPlacement
        if placement.location == .carPlay, try descriptor().disfavors(instance.family, at: .carPlay) {
            events.append(InteractionEvent(date: host.clock.now, kind: .inertTap(element: node.id)))
            host.log("\(instance.id): tap ignored: the widget disfavors CarPlay, where its interaction is disabled")
            return TapResult(element: node.id, outcome: .disabled(reason: "the widget disfavors CarPlay"), optimistic: tree, final: tree)
        }
        switch action.kind {
        case .url:
            let url = action.target ?? ""
            // Only schemes the extension's app declares (and the web) open the app.
            let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            let declared = try host.connection(to: instance.extensionPath).hello.urlSchemes.map { $0.lowercased() }
            guard url.contains(":"), ["http", "https"].contains(scheme) || declared.contains(scheme) else {
                events.append(InteractionEvent(date: host.clock.now, kind: .urlRefused(url: url)))
                host.log("\(instance.id): refused to open \(url): scheme \(scheme) is not declared by the extension")
                return TapResult(element: node.id, outcome: .refused(url: url), optimistic: tree, final: tree)
            }
            events.append(InteractionEvent(date: host.clock.now, kind: .appLaunched(url: url)))
            host.log("\(instance.id): tap opens the app at \(url)")
            return TapResult(element: node.id, outcome: .openedApp(url: url), optimistic: tree, final: tree)
        case .inert:
            events.append(InteractionEvent(date: host.clock.now, kind: .inertTap(element: node.id)))
            return TapResult(element: node.id, outcome: .inert, optimistic: tree, final: tree)
        case .intent:
            guard let intent = action.intent else {
                throw .noSuchElement(instance: instance.id, element: node.id ?? "?")
            }
            let type = intent.typeIdentifier
            let element = node.id ?? "?"
            // Optimistic state: the toggle flips from its pre-rendered other state; invalidatable content dims.
            if action.isToggle == true { flippedToggles.formSymmetricDifference([element]) }
            awaitingReload = true
            events.append(InteractionEvent(date: host.clock.now, kind: .tapped(element: element, intent: type)))
            // The optimistic state is rendered while the extension performs the intent.
            var optimisticRender: Result<RenderTree, HostError>?
            let renderOptimistic = { optimisticRender = Result { () throws(HostError) -> RenderTree in try self.render() } }
            func optimisticTree() throws(HostError) -> RenderTree {
                if let optimisticRender { return try optimisticRender.get() }
                return try render()
            }
            let pendingReload: ExtensionConnection.PendingRequest?
            do {
                pendingReload = try performIntent(intent, whileWaiting: renderOptimistic)
            } catch {
                let optimistic = try optimisticTree()
                // Revert: the toggle shows its archived state again, the invalid effect clears.
                if action.isToggle == true { flippedToggles.formSymmetricDifference([element]) }
                awaitingReload = false
                events.append(InteractionEvent(date: host.clock.now, kind: .intentFailed(intent: type, reason: "\(error)")))
                host.log("\(instance.id): intent \(type) failed: \(error)")
                return TapResult(element: element, outcome: .failed("\(error)"), optimistic: optimistic, final: try render())
            }
            let optimistic = try optimisticTree()
            events.append(InteractionEvent(date: host.clock.now, kind: .intentPerformed(intent: type)))
            let final = try reloadAndRender(reason: .interaction, pending: pendingReload)
            return TapResult(element: element, outcome: .performed(intent: type), optimistic: optimistic, final: final)
        }
    }

    /// Sends the intent to this instance's own extension, with the interaction reload's timeline request
    /// right behind it (returned, to be read once the intent has succeeded). If the extension was
    /// restarted and has not archived the control since, it does not know the intent yet: reload once,
    /// then retry.
    private func performIntent(
        _ intent: IntentReference, whileWaiting: @escaping () -> Void
    ) throws(HostError) -> ExtensionConnection.PendingRequest? {
        let query = try timelineQuery()
        do {
            return try host.performIntent(executable: instance.extensionPath, intent, kind: instance.kind, thenReloading: query,
                                          whileWaiting: whileWaiting)
        } catch .requestFailed(_, _, .unknownIntent, _) {
            try reload(reason: .interaction)
            awaitingReload = true
            return try host.performIntent(executable: instance.extensionPath, intent, kind: instance.kind, thenReloading: query)
        }
    }
}

/// Why a timeline was reloaded.
public enum ReloadReason: String, Hashable, Sendable, Codable {
    case startup, policy, interaction, app, push
}

/// What a tap did.
public struct TapResult: Sendable {
    public enum Outcome: Hashable, Sendable {
        case performed(intent: String)
        case failed(String)
        case openedApp(url: String)
        /// A widget URL or link whose scheme the extension did not declare.
        case refused(url: String)
        case inert
        /// The place disables interaction with this widget (CarPlay, for a widget that disfavors it).
        case disabled(reason: String)
    }
    public var element: String?
    public var outcome: Outcome
    /// Rendered right after the tap, before the extension answered.
    public var optimistic: RenderTree
    /// Rendered after the interaction reload (or after reverting a failure).
    public var final: RenderTree
}

/// One entry of an instance's interaction log.
public struct InteractionEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case reloaded(ReloadReason)
        case tapped(element: String, intent: String)
        case intentPerformed(intent: String)
        case intentFailed(intent: String, reason: String)
        case appLaunched(url: String)
        case urlRefused(url: String)
        case inertTap(element: String?)
    }
    public var date: Date
    public var kind: Kind
}
