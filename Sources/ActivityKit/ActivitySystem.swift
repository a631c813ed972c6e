import Foundation
import WidgetProtocol

/// Whether the app may start activities, as the host says.
package struct ActivityAuthorization: Hashable, Sendable {
    package var activitiesEnabled: Bool
    package var frequentPushesEnabled: Bool
    package init(activitiesEnabled: Bool, frequentPushesEnabled: Bool) {
        self.activitiesEnabled = activitiesEnabled
        self.frequentPushesEnabled = frequentPushesEnabled
    }
}

/// What the system tells an app about its activities.
package enum ActivityEvent: Sendable {
    /// An activity's content, state or push token changed; an id the app has not seen is a new activity
    /// (started by a push).
    case changed(ActivitySnapshot)
    /// The push-to-start token of an attributes type was issued or replaced.
    case pushToStartToken(attributesType: String, token: [UInt8])
}

/// Where this process's ActivityKit calls go: an app reaches the running host over its control socket,
/// an extension performing an intent reaches it through its host connection, and a process with no host
/// has no Live Activities.
package protocol ActivitySystemLink: Sendable {
    func authorization() -> ActivityAuthorization
    /// The app's activities, as the system keeps them.
    func activities() -> [ActivitySnapshot]
    /// Starts one; the system's record of it, or why not.
    func request(_ start: ActivityStart) throws(ActivityAuthorizationError) -> ActivitySnapshot
    /// Updates or ends one; the record after, or nil when the change was not taken (ended already, or
    /// no host to take it).
    func change(_ change: ActivityChange) async -> ActivitySnapshot?
    /// The push-to-start token of an attributes type, once the system has issued one.
    func pushToStartToken(attributesType: String) -> [UInt8]?
}

/// No host: nothing runs, every start is refused as unsupported.
struct UnavailableActivityLink: ActivitySystemLink {
    func authorization() -> ActivityAuthorization { ActivityAuthorization(activitiesEnabled: false, frequentPushesEnabled: false) }
    func activities() -> [ActivitySnapshot] { [] }
    func request(_ start: ActivityStart) throws(ActivityAuthorizationError) -> ActivitySnapshot { throw .unsupported }
    func change(_ change: ActivityChange) async -> ActivitySnapshot? { nil }
    func pushToStartToken(attributesType: String) -> [UInt8]? { nil }
}

/// The process's link to the system, and the `Activity` objects it has handed out (one per id, kept up
/// to date as the system tells of changes).
package enum ActivitySystem {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var chosen: (any ActivitySystemLink)?
    nonisolated(unsafe) private static var objects: [String: ActivityObject] = [:]
    nonisolated(unsafe) private static var newActivityListeners: [String: [(ActivitySnapshot) -> Void]] = [:]
    nonisolated(unsafe) private static var tokenListeners: [String: UpdateListeners<Data>] = [:]

    /// The link in use: the one set, else the app's to a running host if one answers (kept once one
    /// has), else none for now.
    package static var link: any ActivitySystemLink {
        if let chosen = lock.withLock({ chosen }) { return chosen }
        guard let made = ControlSocketActivityLink.connectingToRunningHost() else { return UnavailableActivityLink() }
        return lock.withLock {
            if chosen == nil { chosen = made }
            return chosen!
        }
    }

    /// Sets the link (an extension's runtime does, and tests).
    package static func use(_ link: any ActivitySystemLink) {
        lock.withLock {
            chosen = link
            objects = [:]
        }
    }

    /// Tells the objects handed out, and whoever waits for new activities, what changed.
    package static func deliver(_ event: ActivityEvent) {
        switch event {
        case .changed(let snapshot):
            if let object = lock.withLock({ objects[snapshot.id] }) {
                object.apply(snapshot)
            } else {
                for listener in lock.withLock({ newActivityListeners[snapshot.attributesType] ?? [] }) { listener(snapshot) }
            }
        case .pushToStartToken(let type, let token):
            lock.withLock { tokenListeners[type] }?.yield(Data(token))
        }
    }

    /// The object for `id`, made by `make` the first time.
    static func object<T: ActivityObject>(_ id: String, make: () -> T?) -> T? {
        lock.lock()
        defer { lock.unlock() }
        if let existing = objects[id] as? T { return existing }
        guard let made = make() else { return nil }
        objects[id] = made
        return made
    }

    static func listenForNewActivities(of type: String, _ listener: @escaping (ActivitySnapshot) -> Void) {
        lock.withLock { newActivityListeners[type, default: []].append(listener) }
    }

    static func pushToStartListeners(of type: String) -> UpdateListeners<Data> {
        lock.withLock {
            if let existing = tokenListeners[type] { return existing }
            let made = UpdateListeners<Data>()
            tokenListeners[type] = made
            return made
        }
    }
}

/// An `Activity` object, as the registry keeps it.
protocol ActivityObject: AnyObject, Sendable {
    func apply(_ snapshot: ActivitySnapshot)
}

extension ActivityState {
    init(_ value: ActivityStateValue) {
        self = switch value {
        case .active: .active
        case .ended: .ended
        case .dismissed: .dismissed
        case .stale: .stale
        case .pending: .pending
        }
    }
}
