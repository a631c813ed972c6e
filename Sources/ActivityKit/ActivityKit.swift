// The `ActivityKit` compat module: Live Activity declarations that widget extensions carry beside their
// widgets. They compile; the host does not run Live Activities (there is no app to start them), so
// `ActivityConfiguration` offers no widget to the host. As on Apple's platforms, `import ActivityKit`
// brings Foundation (with what Apple's Foundation has and Linux's lacks).
@_exported import Foundation
@_exported import FoundationAdditions

/// `ActivityAttributes`: the static data of a Live Activity, and its changing `ContentState`.
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// `ActivityContent`: a state with its staleness and relevance.
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Hashable {
    public var state: State
    public var staleDate: Date?
    public var relevanceScore: Double
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// `ActivityState`.
public enum ActivityState: Hashable, Sendable { case active, ended, dismissed, stale, pending }

/// `ActivityUIDismissalPolicy`.
public struct ActivityUIDismissalPolicy: Hashable, Sendable {
    let name: String
    public static let `default` = ActivityUIDismissalPolicy(name: "default")
    public static let immediate = ActivityUIDismissalPolicy(name: "immediate")
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy { ActivityUIDismissalPolicy(name: "after") }
}

/// `PushType`.
public struct PushType: Hashable, Sendable {
    public static let token = PushType()
}

/// Why an activity could not be requested: always, outside the system.
public enum ActivityAuthorizationError: Error, Hashable, Sendable { case denied, unsupported }

/// `Activity`: a running Live Activity. None run here; requesting one throws `unsupported`.
// `@unchecked Sendable`: As Apple declares it. `content` changes only through `update`, which an app calls from one task; no activity runs outside the system.
public final class Activity<Attributes: ActivityAttributes>: @unchecked Sendable {
    public let id: String
    public let attributes: Attributes
    public private(set) var content: ActivityContent<Attributes.ContentState>
    public var activityState: ActivityState { .ended }

    init(attributes: Attributes, content: ActivityContent<Attributes.ContentState>) {
        id = UUID().uuidString
        self.attributes = attributes
        self.content = content
    }

    public static var activities: [Activity<Attributes>] { [] }

    public static func request(
        attributes: Attributes, content: ActivityContent<Attributes.ContentState>, pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        throw ActivityAuthorizationError.unsupported
    }

    public func update(_ content: ActivityContent<Attributes.ContentState>) async { self.content = content }
    public func end(_ content: ActivityContent<Attributes.ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {}
}

/// `ActivityAuthorizationInfo`.
public final class ActivityAuthorizationInfo: Sendable {
    public init() {}
    public var areActivitiesEnabled: Bool { false }
}
