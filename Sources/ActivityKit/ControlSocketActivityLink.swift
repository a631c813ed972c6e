import Foundation
import SystemCalls
import WidgetControl
import WidgetProtocol

/// An app's link to the running host, over its control socket (`$WIDGET_HOST_SOCKET`, or where
/// `widget-host run` listens by default). Each call is one control line; what the host changes on its
/// own (an activity going stale, the eight-hour end, a push's update, a new token) arrives over a watch
/// connection, read on a thread of its own, and reaches the app's `Activity` objects.
///
/// Which widget extension draws the app's activities: `$WIDGET_HOST_EXTENSION` names it (the
/// extension's executable name); without it the host finds the configured extension that declares the
/// attributes type.
///
/// `@unchecked Sendable`: immutable but for `watching`, guarded by `lock`.
final class ControlSocketActivityLink: ActivitySystemLink, @unchecked Sendable {
    static let extensionVariable = "WIDGET_HOST_EXTENSION"

    let path: String
    let extensionID: String?
    private let lock = NSLock()
    private var watching = false

    init(path: String, extensionID: String?) {
        self.path = path
        self.extensionID = extensionID
    }

    /// The link to the host listening at the default path, if one answers there.
    static func connectingToRunningHost(environment: [String: String] = ProcessInfo.processInfo.environment) -> ControlSocketActivityLink? {
        guard let path = try? ControlClient.defaultPath(environment: environment), let probe = try? ControlClient.connect(path: path) else {
            return nil
        }
        close(probe)
        let link = ControlSocketActivityLink(path: path, extensionID: environment[extensionVariable].flatMap { $0.isEmpty ? nil : $0 })
        link.startWatching()
        return link
    }

    private func send(_ command: ControlRequest.Command, _ fields: ActivityFields? = nil) -> ControlResponse? {
        var request = ControlRequest(command: command, extensionID: extensionID)
        request.activity = fields
        return try? ControlClient.send(request, to: path, timeout: 30)
    }

    func authorization() -> ActivityAuthorization {
        let response = send(.activityAuthorization)
        return ActivityAuthorization(activitiesEnabled: response?.activitiesEnabled ?? false,
                                     frequentPushesEnabled: response?.frequentPushesEnabled ?? false)
    }

    func activities() -> [ActivitySnapshot] {
        (send(.activities)?.activities ?? []).map(\.snapshot)
    }

    func request(_ start: ActivityStart) throws(ActivityAuthorizationError) -> ActivitySnapshot {
        guard let response = send(.activityStart, ActivityFields(.request(start))) else { throw .unsupported }
        guard response.ok, let status = response.activities?.first else {
            throw ActivityAuthorizationError(named: response.refusal ?? "persistenceFailure")
        }
        return status.snapshot
    }

    func change(_ change: ActivityChange) async -> ActivitySnapshot? {
        let command: ControlRequest.Command = if case .end = change { .activityEnd } else { .activityUpdate }
        return send(command, ActivityFields(change))?.activities?.first?.snapshot
    }

    func pushToStartToken(attributesType: String) -> [UInt8]? {
        send(.activityAuthorization)?.pushToStartTokens?[attributesType].flatMap(ControlDate.hexBytes)
    }

    /// Opens the watch connection on a thread of its own; when the host goes away, the thread ends.
    private func startWatching() {
        let begin = lock.withLock { () -> Bool in
            defer { watching = true }
            return !watching
        }
        guard begin, let fd = try? ControlClient.connect(path: path) else { return }
        var request = ControlRequest(command: .watchActivities, extensionID: extensionID)
        request.activity = nil
        guard let line = try? JSONEncoder().encode(request), (try? ControlClient.writeLine(fd, line)) != nil else {
            FileDescriptor(rawValue: fd).close()
            return
        }
        let thread = Thread {
            var reader = LineReader(fd: fd, limit: 1 << 20)
            while true {
                guard let line = reader.next(timeout: 3600) else {
                    // A quiet hour is not an end; a closed connection is.
                    var probe = [PollRequest(FileDescriptor(rawValue: fd))]
                    if (try? PollRequest.poll(&probe, timeoutMilliseconds: 0)) != 0 { break }
                    continue
                }
                guard let event = try? JSONDecoder().decode(ActivityWatchEvent.self, from: line) else { continue }
                if let status = event.activity { ActivitySystem.deliver(.changed(status.snapshot)) }
                for (type, hex) in event.pushToStartToken ?? [:] {
                    if let token = ControlDate.hexBytes(hex) { ActivitySystem.deliver(.pushToStartToken(attributesType: type, token: token)) }
                }
            }
            FileDescriptor(rawValue: fd).close()
        }
        thread.name = "ActivityKit watch"
        thread.start()
    }
}
