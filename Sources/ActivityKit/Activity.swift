import Foundation
import WidgetProtocol

/// `Activity`: a Live Activity of the app. `request` starts one at the system (the running host, which
/// has the widget extension archive its presentations); `update` and `end` change it; the system's own
/// changes (going stale, ending after eight hours, a push's update, a new push token) reach the object
/// and its update sequences.
///
/// `@unchecked Sendable`: as Apple declares it; the changing state is kept under `lock`.
public final class Activity<Attributes: ActivityAttributes>: Identifiable, ActivityObject, @unchecked Sendable {
    public typealias ContentState = Attributes.ContentState
    public typealias ActivityStateUpdates = ActivityUpdateSequence<ActivityState>
    public typealias ContentUpdates = ActivityUpdateSequence<ActivityContent<ContentState>>
    public typealias PushTokenUpdates = ActivityUpdateSequence<Data>
    public typealias ActivityUpdates = ActivityUpdateSequence<Activity<Attributes>>

    public let id: String
    public let attributes: Attributes
    private let lock = NSLock()
    private var currentContent: ActivityContent<ContentState>
    private var currentState: ActivityState
    private var currentToken: Data?
    private let stateListeners = UpdateListeners<ActivityState>()
    private let contentListeners = UpdateListeners<ActivityContent<ContentState>>()
    private let tokenListeners = UpdateListeners<Data>()

    init(id: String, attributes: Attributes, content: ActivityContent<ContentState>, state: ActivityState, pushToken: Data?) {
        self.id = id
        self.attributes = attributes
        self.currentContent = content
        self.currentState = state
        self.currentToken = pushToken
    }

    /// The attributes type's name, which the system matches to the configuration that draws it.
    static var attributesType: String { String(describing: Attributes.self) }

    public var content: ActivityContent<ContentState> { lock.withLock { currentContent } }
    @available(*, deprecated, message: "use content.state")
    public var contentState: ContentState { content.state }
    public var activityState: ActivityState { lock.withLock { currentState } }
    /// The activity's push token, once issued (`pushType: .token`).
    public var pushToken: Data? { lock.withLock { currentToken } }

    public var activityStateUpdates: ActivityStateUpdates {
        ActivityUpdateSequence(first: nil) { [stateListeners] in stateListeners.add($0) }
    }
    public var contentUpdates: ContentUpdates {
        ActivityUpdateSequence(first: nil) { [contentListeners] in contentListeners.add($0) }
    }
    @available(*, deprecated, message: "use contentUpdates")
    public var contentStateUpdates: ActivityUpdateSequence<ContentState> {
        ActivityUpdateSequence(first: nil) { [contentListeners] continuation in
            let (states, forward) = AsyncStream<ActivityContent<ContentState>>.makeStream()
            contentListeners.add(forward)
            Task { for await content in states { continuation.yield(content.state) } }
        }
    }
    public var pushTokenUpdates: PushTokenUpdates {
        ActivityUpdateSequence(first: pushToken) { [tokenListeners] in tokenListeners.add($0) }
    }

    /// The app's activities of these attributes that are not dismissed.
    public static var activities: [Activity<Attributes>] {
        ActivitySystem.link.activities().filter { $0.attributesType == attributesType && $0.state != .dismissed }.compactMap(object)
    }

    /// Activities as they start, including those a push starts.
    public static var activityUpdates: ActivityUpdates {
        ActivityUpdateSequence(first: nil) { continuation in
            ActivitySystem.listenForNewActivities(of: attributesType) { snapshot in
                if let activity = object(for: snapshot) { continuation.yield(activity) }
            }
        }
    }

    /// The token a server sends a `start` push to (iOS 17.2), once the system has issued it.
    public static var pushToStartToken: Data? { ActivitySystem.link.pushToStartToken(attributesType: attributesType).map { Data($0) } }

    public static var pushToStartTokenUpdates: PushTokenUpdates {
        ActivityUpdateSequence(first: pushToStartToken) { ActivitySystem.pushToStartListeners(of: attributesType).add($0) }
    }

    /// The object for a snapshot the system gave: the same object for the same id.
    static func object(for snapshot: ActivitySnapshot) -> Activity<Attributes>? {
        ActivitySystem.object(snapshot.id) { () -> Activity<Attributes>? in
            guard let attributes = try? JSONDecoder().decode(Attributes.self, from: Data(snapshot.attributes)),
                  let content = ActivityContent<ContentState>(snapshot.content) else { return nil }
            return Activity(id: snapshot.id, attributes: attributes, content: content, state: ActivityState(snapshot.state),
                            pushToken: snapshot.pushToken.isEmpty ? nil : Data(snapshot.pushToken))
        }
    }

    // MARK: Starting

    public static func request(
        attributes: Attributes, content: ActivityContent<ContentState>, pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        try start(attributes: attributes, content: content, pushType: pushType, style: .standard, alert: nil, start: nil)
    }

    @available(*, deprecated, message: "use request(attributes:content:pushType:)")
    public static func request(attributes: Attributes, contentState: ContentState, pushType: PushType? = nil) throws -> Activity<Attributes> {
        try request(attributes: attributes, content: ActivityContent(state: contentState, staleDate: nil), pushType: pushType)
    }

    /// iOS 18: a standard or transient activity.
    public static func request(
        attributes: Attributes, content: ActivityContent<ContentState>, pushType: PushType? = nil, style: ActivityStyle
    ) throws -> Activity<Attributes> {
        try start(attributes: attributes, content: content, pushType: pushType, style: style, alert: nil, start: nil)
    }

    /// iOS 26: an activity scheduled to start at `start`, announced with `alertConfiguration`.
    public static func request(
        attributes: Attributes, content: ActivityContent<ContentState>, pushType: PushType? = nil, style: ActivityStyle = .standard,
        alertConfiguration: AlertConfiguration, start: Date
    ) throws -> Activity<Attributes> {
        try self.start(attributes: attributes, content: content, pushType: pushType, style: style, alert: alertConfiguration, start: start)
    }

    private static func start(
        attributes: Attributes, content: ActivityContent<ContentState>, pushType: PushType?, style: ActivityStyle,
        alert: AlertConfiguration?, start: Date?
    ) throws -> Activity<Attributes> {
        guard let encodedAttributes = try? JSONEncoder().encode(attributes), let value = ActivityContentValue(content) else {
            throw ActivityAuthorizationError.attributesTooLarge
        }
        let request = ActivityStart(
            id: UUID().uuidString, attributesType: attributesType, attributes: [UInt8](encodedAttributes), content: value,
            pushType: pushType.map(\.value), isTransient: style == .transient, alert: alert.map(ActivityAlert.init), start: start)
        let snapshot = try ActivitySystem.link.request(request)
        guard let activity = object(for: snapshot) else { throw ActivityAuthorizationError.persistenceFailure }
        return activity
    }

    // MARK: Changing

    public func update(_ content: ActivityContent<ContentState>) async {
        await update(content, alertConfiguration: nil)
    }

    public func update(_ content: ActivityContent<ContentState>, alertConfiguration: AlertConfiguration? = nil) async {
        await change(content: content, alert: alertConfiguration, timestamp: nil)
    }

    /// iOS 17.2: an update older than one already shown is ignored.
    public func update(_ content: ActivityContent<ContentState>, alertConfiguration: AlertConfiguration? = nil, timestamp: Date) async {
        await change(content: content, alert: alertConfiguration, timestamp: timestamp)
    }

    @available(*, deprecated, message: "use update(_:)")
    public func update(using contentState: ContentState, alertConfiguration: AlertConfiguration? = nil) async {
        await update(ActivityContent(state: contentState, staleDate: nil), alertConfiguration: alertConfiguration)
    }

    public func end(_ content: ActivityContent<ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        await finish(content, dismissalPolicy, timestamp: nil)
    }

    /// iOS 17.2.
    public func end(_ content: ActivityContent<ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default, timestamp: Date) async {
        await finish(content, dismissalPolicy, timestamp: timestamp)
    }

    @available(*, deprecated, message: "use end(_:dismissalPolicy:)")
    public func end(using contentState: ContentState? = nil, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        await end(contentState.map { ActivityContent(state: $0, staleDate: nil) }, dismissalPolicy: dismissalPolicy)
    }

    private func change(content: ActivityContent<ContentState>, alert: AlertConfiguration?, timestamp: Date?) async {
        guard let value = ActivityContentValue(content) else { return }
        if let after = await ActivitySystem.link.change(.update(id: id, content: value, alert: alert.map(ActivityAlert.init), timestamp: timestamp)) {
            apply(after)
        }
    }

    private func finish(_ content: ActivityContent<ContentState>?, _ policy: ActivityUIDismissalPolicy, timestamp: Date?) async {
        let value = content.flatMap(ActivityContentValue.init)
        if let after = await ActivitySystem.link.change(.end(id: id, content: value, dismissal: policy.value, timestamp: timestamp)) {
            apply(after)
        }
    }

    /// The system's record: content, state and token as they are now; listeners hear what changed.
    func apply(_ snapshot: ActivitySnapshot) {
        guard snapshot.id == id else { return }
        let content = ActivityContent<ContentState>(snapshot.content)
        let state = ActivityState(snapshot.state)
        let token = snapshot.pushToken.isEmpty ? nil : Data(snapshot.pushToken)
        let (contentChanged, stateChanged, tokenChanged) = lock.withLock { () -> (Bool, Bool, Bool) in
            let changes = (content != nil && content != currentContent, state != currentState, token != nil && token != currentToken)
            if let content { currentContent = content }
            currentState = state
            if let token { currentToken = token }
            return changes
        }
        if contentChanged, let content { contentListeners.yield(content) }
        if tokenChanged, let token { tokenListeners.yield(token) }
        if stateChanged {
            stateListeners.yield(state)
            if state == .dismissed {
                stateListeners.finish()
                contentListeners.finish()
                tokenListeners.finish()
            }
        }
    }
}

extension ActivityContentValue {
    /// ActivityKit's content as it travels: the state JSON-encoded with the default strategies.
    init?<State>(_ content: ActivityContent<State>) {
        guard let state = try? JSONEncoder().encode(content.state) else { return nil }
        self.init(state: [UInt8](state), staleDate: content.staleDate, relevanceScore: content.relevanceScore)
    }
}

extension ActivityContent {
    init?(_ value: ActivityContentValue) {
        guard let state = try? JSONDecoder().decode(State.self, from: Data(value.state)) else { return nil }
        self.init(state: state, staleDate: value.staleDate, relevanceScore: value.relevanceScore)
    }
}

extension ActivityAlert {
    init(_ alert: AlertConfiguration) {
        self.init(title: String(localized: alert.title), body: String(localized: alert.body), sound: alert.sound.name)
    }
}

extension PushType {
    var value: ActivityPushType {
        switch kind {
        case .token: .token
        case .channel(let name): .channel(name)
        }
    }
}

extension ActivityUIDismissalPolicy {
    var value: ActivityDismissal {
        switch kind {
        case .standard: .standard
        case .immediate: .immediate
        case .after(let date): .after(date)
        }
    }
}
