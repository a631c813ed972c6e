import Foundation
import WidgetArchive

/// The protocol version both sides must speak. `hello` carries it; a mismatch ends the connection.
public let widgetProtocolVersion: UInt16 = 5

/// Every message between host and extension. One message per frame.
public enum Message: Hashable, Sendable {
    /// Extension → host, first: who it is and what it offers.
    case hello(Hello)
    /// Host → extension: evaluate a timeline.
    case getTimeline(TimelineRequest)
    /// Extension → host: the timeline, each entry archived once per requested variant.
    case timeline(TimelineReply)
    /// Host → extension: perform an App Intent archived in a control.
    case performIntent(IntentRequest)
    /// Extension → host: the intent ran (or failed, as `failure`), with what it did to the app's Live
    /// Activities.
    case intentPerformed(IntentOutcome)
    /// Either way: a request could not be served. Errors are messages, not crashes.
    case failure(Failure)
    /// Extension → host: something worth telling the widget author (an inert control, say).
    case diagnostic(Diagnostic)
    /// Host → extension: exit cleanly.
    case shutdown
    /// Host → extension: archive one of the previews the extension's source declares; the answer is a
    /// `timeline` whose entries are the preview's.
    case getPreview(PreviewRequest)
    /// Host → extension: the push tokens the host has issued and the configured widgets and controls
    /// they reach (a token first exists, rotates, or the set of configured widgets changes). The
    /// extension tells its push handlers, then answers `pushTokensDelivered`.
    case pushTokens(PushTokenUpdate)
    /// Extension → host: the push handlers have been told.
    case pushTokensDelivered(requestID: UInt64)
    /// Host → extension: archive a Live Activity's presentations for its current content.
    case getActivity(ActivityRequest)
    /// Extension → host: the presentations, and how its configuration places them.
    case activity(ActivityReply)
    /// Host → extension: a widget's relevance clues (`relevance()`).
    case getRelevance(RelevanceRequest)
    /// Extension → host: the clues.
    case relevance(RelevanceReply)
    /// Extension → host, on the network route's channel (not the main one): an HTTP request.
    case fetch(NetworkRequest)
    /// Host → extension, on the network route's channel: how it ended.
    case fetched(NetworkReply)

    var typeCode: UInt8 {
        switch self {
        case .hello: 1
        case .getTimeline: 2
        case .timeline: 3
        case .performIntent: 4
        case .intentPerformed: 5
        case .failure: 6
        case .diagnostic: 7
        case .shutdown: 8
        case .getPreview: 9
        case .pushTokens: 10
        case .pushTokensDelivered: 11
        case .getActivity: 12
        case .activity: 13
        case .getRelevance: 14
        case .relevance: 15
        case .fetch: 16
        case .fetched: 17
        }
    }

    /// The request this message answers, if any.
    public var requestID: UInt64? {
        switch self {
        case .getTimeline(let r): r.requestID
        case .getPreview(let r): r.requestID
        case .timeline(let r): r.requestID
        case .performIntent(let r): r.requestID
        case .intentPerformed(let outcome): outcome.requestID
        case .failure(let f): f.requestID
        case .pushTokens(let u): u.requestID
        case .pushTokensDelivered(let id): id
        case .getActivity(let r): r.requestID
        case .activity(let r): r.requestID
        case .getRelevance(let r): r.requestID
        case .relevance(let r): r.requestID
        case .fetch(let r): r.requestID
        case .fetched(let r): r.requestID
        case .hello, .diagnostic, .shutdown: nil
        }
    }
}

/// The extension's introduction.
public struct Hello: Hashable, Sendable {
    public var protocolVersion: UInt16
    /// The extension's bundle-like identifier (its executable name unless it says otherwise).
    public var extensionID: String
    public var widgets: [WidgetDescriptor]
    /// URL schemes the extension's app declares (as its Info.plist URL types would): widget URLs and
    /// links with other schemes are refused by the host.
    public var urlSchemes: [String]
    /// The previews declared in the extension's source (`#Preview`, `PreviewProvider`), in the order
    /// `getPreview` numbers them.
    public var previews: [PreviewDescriptor]
    /// The Live Activities the extension draws.
    public var activities: [ActivityDescriptor]
    public init(
        protocolVersion: UInt16 = widgetProtocolVersion, extensionID: String, widgets: [WidgetDescriptor], urlSchemes: [String] = [],
        previews: [PreviewDescriptor] = [], activities: [ActivityDescriptor] = []
    ) {
        self.activities = activities
        self.protocolVersion = protocolVersion
        self.extensionID = extensionID
        self.widgets = widgets
        self.urlSchemes = urlSchemes
        self.previews = previews
    }
}

/// A preview a widget's source declares.
public struct PreviewDescriptor: Hashable, Sendable {
    /// The name it was given, or one made from where it was declared.
    public var name: String
    /// The widget kind a `#Preview(as:widget:…)` shows, or the declaring type's name for view previews.
    public var kind: String
    /// The family a widget preview names; `nil` when each view says (`.previewContext`).
    public var family: WidgetFamily?
    /// A Live Activity preview's (`#Preview(as: .content, using:) … contentStates:`) attributes and
    /// content states: the host draws each state in every presentation, as for a running activity.
    public var activity: ActivitySample?
    public init(name: String, kind: String, family: WidgetFamily?, activity: ActivitySample? = nil) {
        self.name = name
        self.kind = kind
        self.family = family
        self.activity = activity
    }
}

/// A Live Activity's sample data, from a preview: the attributes and each content state, as JSON.
public struct ActivitySample: Hashable, Sendable {
    public var attributesType: String
    public var attributes: [UInt8]
    public var states: [[UInt8]]
    public init(attributesType: String, attributes: [UInt8], states: [[UInt8]]) {
        self.attributesType = attributesType
        self.attributes = attributes
        self.states = states
    }
}

/// Host → extension: archive preview number `index` of the hello's list.
public struct PreviewRequest: Hashable, Sendable {
    public var requestID: UInt64
    public var index: Int
    public var variants: [EnvironmentVariant]
    /// The host's clock: the extension's wall clock is set to it while it archives.
    public var now: Date
    /// The placement the entries will be shown in (`Placement.id`); empty for each family's natural one.
    public var placement: String
    public init(requestID: UInt64, index: Int, variants: [EnvironmentVariant], now: Date, placement: String = "") {
        self.requestID = requestID
        self.index = index
        self.variants = variants
        self.now = now
        self.placement = placement
    }
}

/// One widget an extension offers, as its configuration describes it.
public struct WidgetDescriptor: Hashable, Sendable {
    public var kind: String
    public var displayName: String
    public var description: String
    public var families: [WidgetFamily]
    public var flags: ConfigurationFlags
    /// Ready-made configurations of an intent-configured widget.
    public var recommendations: [Recommendation]
    /// The configuration names a push handler (`.pushHandler(_:)`): the host issues it push tokens.
    public var takesPushes: Bool
    /// `.disfavoredLocations(_:for:)`: the families the widget would rather not be shown in, by location.
    public var disfavoredLocations: [PlacementLocation: [WidgetFamily]]
    /// A `RelevanceConfiguration` (watchOS 26): shown only in the Smart Stack, one card per clue of its
    /// that matches, its entry made for that clue's configuration.
    public var relevanceOnly: Bool
    public init(kind: String, displayName: String, description: String, families: [WidgetFamily], flags: ConfigurationFlags,
                recommendations: [Recommendation] = [], takesPushes: Bool = false,
                disfavoredLocations: [PlacementLocation: [WidgetFamily]] = [:], relevanceOnly: Bool = false) {
        self.relevanceOnly = relevanceOnly
        self.takesPushes = takesPushes
        self.disfavoredLocations = disfavoredLocations
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.families = families
        self.flags = flags
        self.recommendations = recommendations
    }

    /// Whether the widget would rather not be shown in `family` at `location`.
    public func disfavors(_ family: WidgetFamily, at location: PlacementLocation) -> Bool {
        disfavoredLocations[location]?.contains(family) ?? false
    }

    /// A configuration offered ready-made: its description and encoded intent parameters.
    public struct Recommendation: Hashable, Sendable {
        public var description: String
        public var configuration: [UInt8]
        public init(description: String, configuration: [UInt8]) {
            self.description = description
            self.configuration = configuration
        }
    }
}

/// What the host wants archived.
public struct TimelineRequest: Hashable, Sendable {
    public var requestID: UInt64
    public var kind: String
    public var family: WidgetFamily
    /// The environments to archive each entry for; the body is evaluated once per entry × variant.
    public var variants: [EnvironmentVariant]
    /// The host's clock at the request: the extension's wall clock is set to it while it answers.
    public var now: Date
    /// The size the widget will be shown at, in points (`TimelineProviderContext.displaySize`).
    public var displayWidth: Double
    public var displayHeight: Double
    /// `context.isPreview`: a gallery or preview render; sample data is fine.
    public var isPreview: Bool
    /// Encoded configuration intent parameters (empty for static configurations).
    public var configuration: [UInt8]
    /// The placement the entries will be shown in (`Placement.id`; empty for the family's natural one):
    /// the extension lays `GeometryReader` content out for the size the host will give it there.
    public var placement: String

    public init(
        requestID: UInt64, kind: String, family: WidgetFamily, variants: [EnvironmentVariant], now: Date,
        displayWidth: Double = 0, displayHeight: Double = 0, isPreview: Bool = false, configuration: [UInt8] = [],
        placement: String = ""
    ) {
        self.placement = placement
        self.requestID = requestID
        self.kind = kind
        self.family = family
        self.variants = variants
        self.now = now
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.isPreview = isPreview
        self.configuration = configuration
    }
}

/// `TimelineReloadPolicy` on the wire.
public enum ReloadPolicy: Hashable, Sendable, CustomStringConvertible {
    case atEnd
    case after(Date)
    case never

    public var description: String {
        switch self {
        case .atEnd: "atEnd"
        case .after(let date): "after(\(date.timeIntervalSince1970))"
        case .never: "never"
        }
    }
}

/// One timeline entry: its date and one archive file per requested variant, in request order.
public struct ArchivedEntry: Hashable, Sendable {
    public var date: Date
    public var relevance: Double?
    /// `TimelineEntryRelevance.duration`: how long after the entry's date the score holds (0: while the
    /// entry is current).
    public var relevanceDuration: Double
    public var archives: [[UInt8]]
    public init(date: Date, relevance: Double? = nil, relevanceDuration: Double = 0, archives: [[UInt8]]) {
        self.relevanceDuration = relevanceDuration
        self.date = date
        self.relevance = relevance
        self.archives = archives
    }
}

public struct TimelineReply: Hashable, Sendable {
    public var requestID: UInt64
    public var entries: [ArchivedEntry]
    public var policy: ReloadPolicy
    public init(requestID: UInt64, entries: [ArchivedEntry], policy: ReloadPolicy) {
        self.requestID = requestID
        self.entries = entries
        self.policy = policy
    }
}

/// Host → extension: the intent a tapped control carries.
public struct IntentRequest: Hashable, Sendable {
    public var requestID: UInt64
    public var intent: IntentReference
    /// The kind of the widget the control was archived in.
    public var kind: String
    /// The host's clock at the tap: the extension's wall clock is set to it while the intent runs.
    public var now: Date
    /// The app's Live Activities as they stand (`Activity.activities` while the intent runs).
    public var activities: [ActivitySnapshot]
    /// How many more activities the app may start now (the system's limit less those running).
    public var activityStartsLeft: Int
    public init(requestID: UInt64, intent: IntentReference, kind: String, now: Date, activities: [ActivitySnapshot] = [],
                activityStartsLeft: Int = 0) {
        self.activities = activities
        self.activityStartsLeft = activityStartsLeft
        self.requestID = requestID
        self.intent = intent
        self.kind = kind
        self.now = now
    }
}

/// Why a request failed, as reported across the process boundary.
public struct Failure: Hashable, Sendable {
    public enum Code: UInt8, Hashable, Sendable, CaseIterable {
        case unknownKind = 1, unsupportedFamily, unknownIntent, malformedIntent, intentFailed, malformedRequest, internalError
    }
    /// 0 when the failure is not tied to a request.
    public var requestID: UInt64
    public var code: Code
    public var message: String
    public init(requestID: UInt64, code: Code, message: String) {
        self.requestID = requestID
        self.code = code
        self.message = message
    }
}

/// A warning from the extension, such as a closure-based button archived as inert.
public struct Diagnostic: Hashable, Sendable {
    public var kind: String
    public var message: String
    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }
}

/// Host → extension: the push tokens issued to the extension, and what each reaches.
public struct PushTokenUpdate: Hashable, Sendable {
    /// One configured widget a widget push reaches.
    public struct ConfiguredWidget: Hashable, Sendable {
        public var kind: String
        public var family: WidgetFamily
        public init(kind: String, family: WidgetFamily) {
            self.kind = kind
            self.family = family
        }
    }

    /// One configured control and its own token.
    public struct ConfiguredControl: Hashable, Sendable {
        public var kind: String
        public var token: [UInt8]
        /// Its encoded configuration intent parameters (empty when it has none).
        public var configuration: [UInt8]
        public init(kind: String, token: [UInt8], configuration: [UInt8] = []) {
            self.kind = kind
            self.token = token
            self.configuration = configuration
        }
    }

    public var requestID: UInt64
    /// The extension's widget push token; empty while no widget that takes pushes is configured.
    public var widgetToken: [UInt8]
    public var widgets: [ConfiguredWidget]
    public var controls: [ConfiguredControl]

    public init(requestID: UInt64, widgetToken: [UInt8], widgets: [ConfiguredWidget], controls: [ConfiguredControl]) {
        self.requestID = requestID
        self.widgetToken = widgetToken
        self.widgets = widgets
        self.controls = controls
    }
}
