// The `ActivityKit` compat module: Live Activities as an app starts, updates and ends them, and the
// declarations widget extensions draw them from. An app's calls go to the running host (over its control
// socket, `ActivitySystem`), which keeps the system's rules and has the extension archive each
// presentation; an App Intent performed in the extension changes the app's activities through the host
// connection. As on Apple's platforms, `import ActivityKit` brings Foundation (with what Apple's
// Foundation has and Linux's lacks).
@_exported import Foundation
@_exported import FoundationAdditions

/// `ActivityAttributes`: the static data of a Live Activity, and its changing `ContentState`.
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// `ActivityContent`: a state with when it goes stale and its relevance among the app's activities.
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Hashable, CustomStringConvertible {
    public let state: State
    /// At this date the activity becomes `.stale` and its views are told so (`isStale`).
    public let staleDate: Date?
    /// The highest score among the app's activities gets the Dynamic Island; ties go to the first started.
    public let relevanceScore: Double

    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }

    public var description: String { "ActivityContent(state: \(state), staleDate: \(staleDate.map { "\($0)" } ?? "nil"), relevanceScore: \(relevanceScore))" }
}

// `@unchecked Sendable`: as Apple declares it, whatever the state's type; the content is an immutable value.
extension ActivityContent: @unchecked Sendable {}

/// `ActivityState`.
public enum ActivityState: Hashable, Sendable, Codable {
    /// Visible, and taking updates.
    case active
    /// Ended, still on the Lock Screen until its dismissal policy removes it; no more updates.
    case ended
    /// Ended and gone.
    case dismissed
    /// Its content passed its stale date.
    case stale
    /// Scheduled to start later (iOS 26).
    case pending
}

/// `ActivityUIDismissalPolicy`: how long an ended activity stays on the Lock Screen.
public struct ActivityUIDismissalPolicy: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case standard, immediate
        case after(Date)
    }
    let kind: Kind
    /// Up to four hours, or until the person removes it.
    public static let `default` = ActivityUIDismissalPolicy(kind: .standard)
    /// At once.
    public static let immediate = ActivityUIDismissalPolicy(kind: .immediate)
    /// At `date`, or four hours after the end, whichever comes first.
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy { ActivityUIDismissalPolicy(kind: .after(date)) }
}

/// `PushType`: how an activity's updates may also arrive, from a server.
public struct PushType: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case token
        case channel(String)
    }
    let kind: Kind
    /// A push token of the activity's own, told through `pushTokenUpdates`.
    public static var token: PushType { PushType(kind: .token) }
    /// A broadcast channel (iOS 18): every activity subscribed to it takes its pushes.
    public static func channel(_ name: String) -> PushType { PushType(kind: .channel(name)) }
}

/// `ActivityStyle` (iOS 18).
public enum ActivityStyle: Hashable, Sendable {
    /// Runs until ended, or until the eight hours pass.
    case standard
    /// Shown in the Dynamic Island while the person is busy with the device; ends when they look away.
    case transient
}

/// `AlertConfiguration`: an update important enough to light the screen.
public struct AlertConfiguration: Hashable, Sendable {
    /// `AlertConfiguration.AlertSound`.
    public struct AlertSound: Hashable, Sendable {
        let name: String?
        public static var `default`: AlertSound { AlertSound(name: nil) }
        /// A sound file in the app's bundle or its `Library/Sounds`.
        public static func named(_ name: String) -> AlertSound { AlertSound(name: name) }
    }

    public var title: LocalizedStringResource
    public var body: LocalizedStringResource
    public var sound: AlertSound

    public init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertSound) {
        self.title = title
        self.body = body
        self.sound = sound
    }
}

/// `ActivityAuthorizationError`: why an activity could not start.
public enum ActivityAuthorizationError: Error, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// The attributes and content together exceed 4 KB.
    case attributesTooLarge
    /// The person turned Live Activities off for the app.
    case denied
    /// The device runs as many activities as it can.
    case globalMaximumExceeded
    /// The given activity identifier is malformed (or taken).
    case malformedActivityIdentifier
    case missingProcessIdentifier
    /// The system could not keep the activity.
    case persistenceFailure
    case reconnectNotPermitted
    /// The app runs as many activities as it may.
    case targetMaximumExceeded
    case unentitled
    /// Live Activities are not available: no host is running to show them.
    case unsupported
    /// No widget extension of the app draws activities of these attributes.
    case unsupportedTarget
    /// Started from the background, outside a `LiveActivityIntent`.
    case visibility

    public var description: String { failureReason ?? "\(self)" }

    public var failureReason: String? {
        switch self {
        case .attributesTooLarge: "the activity's attributes and content exceed 4 KB"
        case .denied: "Live Activities are turned off for this app"
        case .globalMaximumExceeded: "the device already shows as many Live Activities as it can"
        case .malformedActivityIdentifier: "the activity identifier is malformed or already taken"
        case .missingProcessIdentifier: "the requesting process has no identifier"
        case .persistenceFailure: "the system could not keep the activity"
        case .reconnectNotPermitted: "only the process that started the activity may reconnect to it"
        case .targetMaximumExceeded: "the app already runs as many Live Activities as it may"
        case .unentitled: "the app is not entitled to start Live Activities"
        case .unsupported: "Live Activities are not available: no host is running (start one with widget-host run)"
        case .unsupportedTarget: "no widget extension of the app draws Live Activities of these attributes"
        case .visibility: "a Live Activity can only be started from the foreground or a LiveActivityIntent"
        }
    }

    public var errorDescription: String? { failureReason }

    /// The case a host's refusal names.
    init(named name: String) {
        self = Self.allNamed.first { "\($0)" == name } ?? .persistenceFailure
    }

    static let allNamed: [ActivityAuthorizationError] = [
        .attributesTooLarge, .denied, .globalMaximumExceeded, .malformedActivityIdentifier, .missingProcessIdentifier, .persistenceFailure,
        .reconnectNotPermitted, .targetMaximumExceeded, .unentitled, .unsupported, .unsupportedTarget, .visibility,
    ]
}

/// `ActivityAuthorizationInfo`: whether the app may start activities, and frequent pushes.
public final class ActivityAuthorizationInfo: Sendable {
    public init() {}
    /// Whether a host is there to show them (and has not turned them off for the app).
    public var areActivitiesEnabled: Bool { ActivitySystem.link.authorization().activitiesEnabled }
    /// `NSSupportsLiveActivitiesFrequentUpdates`, as the host's configuration grants it.
    public var frequentPushesEnabled: Bool { ActivitySystem.link.authorization().frequentPushesEnabled }
    public var activityEnablementUpdates: ActivityUpdateSequence<Bool> {
        ActivityUpdateSequence(first: areActivitiesEnabled) { _ in }
    }
    public var frequentPushEnablementUpdates: ActivityUpdateSequence<Bool> {
        ActivityUpdateSequence(first: frequentPushesEnabled) { _ in }
    }
}
