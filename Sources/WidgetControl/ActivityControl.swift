import Foundation
import WidgetProtocol

/// The fields of the Live Activity commands (`activityStart`, `activityUpdate`, `activityEnd`), as JSON a
/// person can write: dates in ISO 8601, the attributes and state as the JSON their types encode to.
public struct ActivityFields: Codable, Hashable, Sendable {
    /// `activityUpdate`, `activityEnd`: which activity; `activityStart`: the id proposed (optional).
    public var id: String?
    /// `activityStart`: the `ActivityAttributes` type's name.
    public var attributesType: String?
    public var attributes: JSONValue?
    /// The `ContentState`.
    public var state: JSONValue?
    public var staleDate: String?
    public var relevanceScore: Double?
    /// `activityStart`: `"token"`, or `"channel:ID"`.
    public var pushType: String?
    /// `activityStart`: `"standard"` (the default) or `"transient"`.
    public var style: String?
    /// `activityStart`: a scheduled start (iOS 26).
    public var start: String?
    public var alert: ActivityAlert?
    /// `activityEnd`: `"default"`, `"immediate"`, or an ISO 8601 date.
    public var dismissal: String?
    /// `activityUpdate`, `activityEnd`: when the content was made; older than what is shown, it is ignored.
    public var timestamp: String?

    public init(id: String? = nil, attributesType: String? = nil, attributes: JSONValue? = nil, state: JSONValue? = nil,
                staleDate: String? = nil, relevanceScore: Double? = nil, pushType: String? = nil, style: String? = nil,
                start: String? = nil, alert: ActivityAlert? = nil, dismissal: String? = nil, timestamp: String? = nil) {
        self.id = id
        self.attributesType = attributesType
        self.attributes = attributes
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
        self.pushType = pushType
        self.style = style
        self.start = start
        self.alert = alert
        self.dismissal = dismissal
        self.timestamp = timestamp
    }
}

/// Why activity fields do not make a change, naming the field.
public struct ActivityFieldsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var reason: String
    public var description: String { "\(field): \(reason)" }
}

extension ActivityFields {
    /// The fields of a change (an app's, or one an intent made in the extension).
    public init(_ change: ActivityChange) {
        switch change {
        case .request(let start):
            self.init(id: start.id, attributesType: start.attributesType, attributes: JSONValue(json: start.attributes))
            setContent(start.content)
            pushType = start.pushType.map { switch $0 { case .token: "token"; case .channel(let id): "channel:\(id)" } }
            style = start.isTransient ? "transient" : nil
            start.start.map { self.start = ControlDate.string($0) }
            alert = start.alert
        case .update(let id, let content, let alert, let timestamp):
            self.init(id: id)
            setContent(content)
            self.alert = alert
            self.timestamp = timestamp.map(ControlDate.string)
        case .end(let id, let content, let dismissal, let timestamp):
            self.init(id: id)
            if let content { setContent(content) }
            self.dismissal = switch dismissal {
            case .standard: "default"
            case .immediate: "immediate"
            case .after(let date): ControlDate.string(date)
            }
            self.timestamp = timestamp.map(ControlDate.string)
        }
    }

    private mutating func setContent(_ content: ActivityContentValue) {
        state = JSONValue(json: content.state)
        staleDate = content.staleDate.map(ControlDate.string)
        relevanceScore = content.relevanceScore == 0 ? nil : content.relevanceScore
    }

    /// The content these fields give; nil when they give no state.
    public func content() throws(ActivityFieldsError) -> ActivityContentValue? {
        guard let state else { return nil }
        let score = relevanceScore ?? 0
        guard score.isFinite else { throw ActivityFieldsError(field: "relevanceScore", reason: "must be a finite number") }
        return ActivityContentValue(state: state.json, staleDate: try date("staleDate", staleDate), relevanceScore: score)
    }

    /// The change a command with these fields asks for.
    public func change(_ command: ControlRequest.Command) throws(ActivityFieldsError) -> ActivityChange {
        switch command {
        case .activityStart:
            guard let type = attributesType, !type.isEmpty else { throw ActivityFieldsError(field: "attributesType", reason: "is needed to start an activity") }
            guard let attributes else { throw ActivityFieldsError(field: "attributes", reason: "is needed to start an activity (a JSON object)") }
            guard let content = try content() else { throw ActivityFieldsError(field: "state", reason: "is needed to start an activity (a JSON object)") }
            let push: ActivityPushType? = switch pushType {
            case nil: nil
            case "token": .token
            case let text? where text.hasPrefix("channel:") && text.count > 8: .channel(String(text.dropFirst(8)))
            case let text?: throw ActivityFieldsError(field: "pushType", reason: "is \"token\" or \"channel:ID\", not \(text)")
            }
            guard style == nil || style == "standard" || style == "transient" else {
                throw ActivityFieldsError(field: "style", reason: "is \"standard\" or \"transient\", not \(style ?? "")")
            }
            return .request(ActivityStart(
                id: id ?? UUID().uuidString, attributesType: type, attributes: attributes.json, content: content, pushType: push,
                isTransient: style == "transient", alert: alert, start: try date("start", start)))
        case .activityUpdate:
            guard let id else { throw ActivityFieldsError(field: "id", reason: "names the activity to update") }
            guard let content = try content() else { throw ActivityFieldsError(field: "state", reason: "is needed to update an activity") }
            return .update(id: id, content: content, alert: alert, timestamp: try date("timestamp", timestamp))
        default:
            guard let id else { throw ActivityFieldsError(field: "id", reason: "names the activity to end") }
            let policy: ActivityDismissal
            switch dismissal {
            case nil, "default": policy = .standard
            case "immediate": policy = .immediate
            case let text?:
                guard let date = ControlDate.date(text) else {
                    throw ActivityFieldsError(field: "dismissal", reason: "is \"default\", \"immediate\" or an ISO 8601 date, not \(text)")
                }
                policy = .after(date)
            }
            return .end(id: id, content: try content(), dismissal: policy, timestamp: try date("timestamp", timestamp))
        }
    }

    private func date(_ field: String, _ text: String?) throws(ActivityFieldsError) -> Date? {
        guard let text else { return nil }
        guard let date = ControlDate.date(text) else { throw ActivityFieldsError(field: field, reason: "is not an ISO 8601 date: \(text)") }
        return date
    }
}

/// A Live Activity as `status`, `activity list` and a watch show it.
public struct ActivityStatus: Codable, Hashable, Sendable {
    public var id: String
    public var extensionID: String
    public var attributesType: String
    public var attributes: JSONValue?
    public var state: JSONValue?
    public var staleDate: String?
    public var relevanceScore: Double
    /// `active`, `stale`, `ended`, `dismissed` or `pending`.
    public var activityState: String
    /// Its push token, in hex, once issued.
    public var pushToken: String?
    public var startedAt: String?
    public var endedAt: String?
    /// When the Lock Screen stops showing it (ended), or when the system ends it (active, after eight hours).
    public var removalDate: String?
    /// Where the host shows it now: `island-compact`, `island-minimal`, `lock-screen`…
    public var shownIn: [String]?
    /// Priority 10 pushes left in the current hour.
    public var pushBudgetLeft: Int?
    /// The system's rules that applied to it, newest last ("the 8-hour limit ended it").
    public var notes: [String]?
    /// The texts its Lock Screen presentation shows.
    public var texts: [String]?

    public init(snapshot: ActivitySnapshot, extensionID: String) {
        id = snapshot.id
        self.extensionID = extensionID
        attributesType = snapshot.attributesType
        attributes = JSONValue(json: snapshot.attributes)
        state = JSONValue(json: snapshot.content.state)
        staleDate = snapshot.content.staleDate.map(ControlDate.string)
        relevanceScore = snapshot.content.relevanceScore
        activityState = snapshot.state.description
        pushToken = snapshot.pushToken.isEmpty ? nil : snapshot.pushToken.map { String(format: "%02x", $0) }.joined()
    }

    /// The snapshot ActivityKit builds its objects from.
    public var snapshot: ActivitySnapshot {
        ActivitySnapshot(
            id: id, attributesType: attributesType, attributes: attributes?.json ?? [],
            content: ActivityContentValue(state: state?.json ?? [], staleDate: staleDate.flatMap(ControlDate.date), relevanceScore: relevanceScore),
            state: ActivityStateValue.allCases.first { $0.description == activityState } ?? .active,
            pushToken: pushToken.flatMap(ControlDate.hexBytes) ?? [])
    }
}

/// One line of a `watchActivities` connection: an activity that changed, or a push-to-start token issued.
public struct ActivityWatchEvent: Codable, Hashable, Sendable {
    public var activity: ActivityStatus?
    /// The attributes type and its push-to-start token, in hex.
    public var pushToStartToken: [String: String]?

    public init(activity: ActivityStatus? = nil, pushToStartToken: [String: String]? = nil) {
        self.activity = activity
        self.pushToStartToken = pushToStartToken
    }
}

/// Dates and bytes as control lines write them.
public enum ControlDate {
    /// ISO 8601 in UTC, with milliseconds when the date has a fraction of a second.
    public static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        if date.timeIntervalSince1970.rounded(.down) != date.timeIntervalSince1970 { formatter.formatOptions.insert(.withFractionalSeconds) }
        return formatter.string(from: date)
    }

    /// An ISO 8601 date, with or without a fraction, or seconds since 1970 as a number.
    public static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        if let date = formatter.date(from: text) { return date }
        guard let seconds = Double(text), seconds.isFinite else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Bytes from hex (an even number of hex digits), or nil.
    public static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let byte = UInt8(String(decoding: digits[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
            i += 2
        }
        return bytes
    }
}
