import ActivityKit
import Foundation
import WidgetProtocol

/// The app's Live Activities as an App Intent performed in the extension sees them: the host sends them
/// with the intent, the intent's `Activity` calls change this copy, and the changes go back with the
/// intent's outcome for the host to apply under the system's rules. Only a `LiveActivityIntent` may start
/// one (others get `.visibility`, as an app in the background would); the count the host allows and the
/// 4 KB bound are checked here too, so that `request` throws as it would on the device.
///
/// `@unchecked Sendable`: everything is guarded by `lock`.
final class IntentActivityLink: ActivitySystemLink, @unchecked Sendable {
    private let lock = NSLock()
    private var current: [ActivitySnapshot] = []
    private var startsLeft = 0
    private var mayStart = false
    private var performing = false
    private var recorded: [ActivityChange] = []

    /// An intent starts: the host's view of the app's activities.
    func begin(_ request: IntentRequest, mayStart: Bool) {
        lock.withLock {
            current = request.activities
            startsLeft = request.activityStartsLeft
            self.mayStart = mayStart
            performing = true
            recorded = []
        }
    }

    /// The intent is done: the changes it made, in order.
    func finish() -> [ActivityChange] {
        lock.withLock {
            performing = false
            defer { recorded = [] }
            return recorded
        }
    }

    func authorization() -> ActivityAuthorization {
        ActivityAuthorization(activitiesEnabled: lock.withLock { performing }, frequentPushesEnabled: false)
    }

    func activities() -> [ActivitySnapshot] { lock.withLock { performing ? current : [] } }

    func request(_ start: ActivityStart) throws(ActivityAuthorizationError) -> ActivitySnapshot {
        lock.lock()
        defer { lock.unlock() }
        guard performing, mayStart else { throw .visibility }
        guard startsLeft > 0 else { throw .targetMaximumExceeded }
        guard start.attributes.count + start.content.state.count <= ActivityLimits.dataSize else { throw .attributesTooLarge }
        guard UUID(uuidString: start.id) != nil, !current.contains(where: { $0.id == start.id }) else { throw .malformedActivityIdentifier }
        startsLeft -= 1
        let snapshot = ActivitySnapshot(id: start.id, attributesType: start.attributesType, attributes: start.attributes,
                                        content: start.content, state: start.start.map { $0 > Date() ? .pending : .active } ?? .active)
        current.append(snapshot)
        recorded.append(.request(start))
        return snapshot
    }

    func change(_ change: ActivityChange) async -> ActivitySnapshot? {
        lock.withLock {
            guard performing, let i = current.firstIndex(where: { $0.id == change.activityID }),
                  current[i].state != .ended, current[i].state != .dismissed else { return nil }
            switch change {
            case .update(_, let content, _, _):
                current[i].content = content
            case .end(_, let content, let dismissal, _):
                if let content { current[i].content = content }
                current[i].state = dismissal == .immediate ? .dismissed : .ended
            case .request:
                return nil
            }
            recorded.append(change)
            return current[i]
        }
    }

    func pushToStartToken(attributesType: String) -> [UInt8]? { nil }
}
