import Foundation
import WidgetArchive

// Live Activities on the wire: what an extension declares, what the host asks it to archive, and what
// an App Intent performed in the extension did to the app's activities. The same values travel from
// apps as JSON over the control socket (`ControlRequest`), so they are `Codable` too.

/// The system's bounds on a Live Activity's data.
public enum ActivityLimits {
    /// The attributes and the content state together, JSON-encoded: 4 KB ("Displaying live data with
    /// Live Activities", "Understand constraints"). An update's content state alone, and a push's
    /// payload, have the same bound.
    public static let dataSize = 4096
}

/// A Live Activity configuration an extension declares (`ActivityConfiguration(for:)`).
public struct ActivityDescriptor: Hashable, Sendable {
    /// The attributes type's name, as `String(describing:)` writes it: how a request from the app finds
    /// the configuration that draws it, as the system matches them by type.
    public var attributesType: String
    /// The presentations it draws: the Lock Screen's and the Dynamic Island's always, `_activitySmall`
    /// when it supports `.small` (`supplementalActivityFamilies`).
    public var presentations: [WidgetFamily]

    public init(attributesType: String, presentations: [WidgetFamily]) {
        self.attributesType = attributesType
        self.presentations = presentations
    }

    public var supportsSmall: Bool { presentations.contains(._activitySmall) }
}

/// A Live Activity's changing content (`ActivityContent`): its state as JSON, when it goes stale, and
/// its relevance among the app's activities.
public struct ActivityContentValue: Hashable, Sendable, Codable {
    /// The `ContentState`, JSON-encoded with the default strategies (as ActivityKit's pushes are).
    public var state: [UInt8]
    public var staleDate: Date?
    public var relevanceScore: Double

    public init(state: [UInt8], staleDate: Date? = nil, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// `ActivityUIDismissalPolicy`: how long an ended activity stays on the Lock Screen.
public enum ActivityDismissal: Hashable, Sendable, Codable {
    /// Up to four hours, or until the person removes it.
    case standard
    case immediate
    /// At the date, or four hours after ending, whichever comes first.
    case after(Date)
}

/// `AlertConfiguration`: an update that lights the screen (title and body as resolved text).
public struct ActivityAlert: Hashable, Sendable, Codable {
    public var title: String
    public var body: String
    /// `AlertSound.named(_:)`; nil for the default sound.
    public var sound: String?

    public init(title: String, body: String, sound: String? = nil) {
        self.title = title
        self.body = body
        self.sound = sound
    }
}

/// How an activity takes pushes (`PushType`): none, its own token, or a broadcast channel.
public enum ActivityPushType: Hashable, Sendable, Codable {
    case token
    case channel(String)
}

/// `Activity.request(…)`: everything a start asks for.
public struct ActivityStart: Hashable, Sendable, Codable {
    /// The id the requester proposes (a UUID string); the host refuses one that is malformed or taken.
    public var id: String
    public var attributesType: String
    /// The attributes, JSON-encoded.
    public var attributes: [UInt8]
    public var content: ActivityContentValue
    public var pushType: ActivityPushType?
    /// `ActivityStyle.transient` (iOS 18).
    public var isTransient: Bool
    public var alert: ActivityAlert?
    /// `request(…start:)` (iOS 26): a scheduled start; nil starts now.
    public var start: Date?

    public init(id: String, attributesType: String, attributes: [UInt8], content: ActivityContentValue, pushType: ActivityPushType? = nil,
                isTransient: Bool = false, alert: ActivityAlert? = nil, start: Date? = nil) {
        self.id = id
        self.attributesType = attributesType
        self.attributes = attributes
        self.content = content
        self.pushType = pushType
        self.isTransient = isTransient
        self.alert = alert
        self.start = start
    }
}

/// One change an app (or an intent performed for it) makes to its activities.
public enum ActivityChange: Hashable, Sendable, Codable {
    case request(ActivityStart)
    /// `update(_:alertConfiguration:timestamp:)`.
    case update(id: String, content: ActivityContentValue, alert: ActivityAlert?, timestamp: Date?)
    /// `end(_:dismissalPolicy:timestamp:)`; a nil content keeps the last.
    case end(id: String, content: ActivityContentValue?, dismissal: ActivityDismissal, timestamp: Date?)

    /// The activity the change is about.
    public var activityID: String {
        switch self {
        case .request(let start): start.id
        case .update(let id, _, _, _), .end(let id, _, _, _): id
        }
    }
}

/// `ActivityState`, with ActivityKit's cases.
public enum ActivityStateValue: UInt8, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case active = 0, ended, dismissed, stale, pending

    public var description: String {
        switch self {
        case .active: "active"
        case .ended: "ended"
        case .dismissed: "dismissed"
        case .stale: "stale"
        case .pending: "pending"
        }
    }
}

/// One of the app's activities as the host knows it: what `Activity.activities` lists.
public struct ActivitySnapshot: Hashable, Sendable, Codable {
    public var id: String
    public var attributesType: String
    public var attributes: [UInt8]
    public var content: ActivityContentValue
    public var state: ActivityStateValue
    /// Its push token, when it takes pushes and one has been issued.
    public var pushToken: [UInt8]

    public init(id: String, attributesType: String, attributes: [UInt8], content: ActivityContentValue, state: ActivityStateValue,
                pushToken: [UInt8] = []) {
        self.id = id
        self.attributesType = attributesType
        self.attributes = attributes
        self.content = content
        self.state = state
        self.pushToken = pushToken
    }
}

/// Host → extension: archive a Live Activity's presentations for its content now.
public struct ActivityRequest: Hashable, Sendable {
    /// One presentation to archive, in these variants.
    public struct Presentation: Hashable, Sendable {
        public var family: WidgetFamily
        public var variants: [EnvironmentVariant]
        public init(family: WidgetFamily, variants: [EnvironmentVariant]) {
            self.family = family
            self.variants = variants
        }
    }

    public var requestID: UInt64
    public var attributesType: String
    public var activityID: String
    /// The attributes and the content state, JSON-encoded.
    public var attributes: [UInt8]
    public var state: [UInt8]
    /// `ActivityViewContext.isStale`.
    public var isStale: Bool
    /// The host's clock: the extension's wall clock is set to it while it archives.
    public var now: Date
    public var presentations: [Presentation]

    public init(requestID: UInt64, attributesType: String, activityID: String, attributes: [UInt8], state: [UInt8], isStale: Bool,
                now: Date, presentations: [Presentation]) {
        self.requestID = requestID
        self.attributesType = attributesType
        self.activityID = activityID
        self.attributes = attributes
        self.state = state
        self.isStale = isStale
        self.now = now
        self.presentations = presentations
    }
}

/// Extension → host: each presentation asked for, one archive per variant in request order, and how the
/// configuration places them.
public struct ActivityReply: Hashable, Sendable {
    public struct Presentation: Hashable, Sendable {
        public var family: WidgetFamily
        public var archives: [[UInt8]]
        public init(family: WidgetFamily, archives: [[UInt8]]) {
            self.family = family
            self.archives = archives
        }
    }

    public var requestID: UInt64
    public var presentations: [Presentation]
    public var layout: ActivityLayoutOptions

    public init(requestID: UInt64, presentations: [Presentation], layout: ActivityLayoutOptions) {
        self.requestID = requestID
        self.presentations = presentations
        self.layout = layout
    }
}

/// Extension → host: the intent ran; what it did to the app's Live Activities, in order.
public struct IntentOutcome: Hashable, Sendable {
    public var requestID: UInt64
    public var activityChanges: [ActivityChange]
    public init(requestID: UInt64, activityChanges: [ActivityChange] = []) {
        self.requestID = requestID
        self.activityChanges = activityChanges
    }
}
