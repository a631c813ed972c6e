import Foundation
import WidgetControl

/// A control socket that serves only the Live Activity commands, on its own thread: what lets an app
/// process reach a host that is not `run` (the demo's, a test's). Commands are carried out on the
/// server's thread as they arrive (the `ActivityCenter` is safe to use from any thread); watch
/// connections are kept and told of every change.
public final class ActivityControlEndpoint: @unchecked Sendable {
    // `@unchecked Sendable`: immutable after init; the server and watchers are safe to share.
    public let socket: ControlSocket
    private let server: ControlServer
    private let watchers = ActivityWatchers()

    public var path: String { socket.path }

    public init(activities: ActivityCenter, path: String) throws(HostError) {
        socket = try ControlSocket(path: path)
        let service = ActivityControlService(activities: activities)
        let watchers = watchers
        let host = activities.host
        server = ControlServer(
            socket: socket, refusal: { HostRunner.refusal(of: $0, host: host) }, log: { host.log($0) },
            status: { Array(#"{"ok":false,"message":"status is not served here"}"#.utf8) },
            forward: { request, reply in
                if request.command == .watchActivities {
                    watchers.add(reply.keepOpen(), extensionID: request.extensionID)
                } else if ActivityControlService.handles(request) {
                    reply.send(service.handle(request))
                } else {
                    reply.send(ControlResponse(ok: false, message: "\(request.command.rawValue) is not served here: only Live Activity commands"))
                }
            }, ended: {})
        let previous = activities.onChange
        activities.onChange = { statuses in
            previous?(statuses)
            watchers.tell(statuses)
        }
        server.start()
    }

    /// Stops serving and closes every connection.
    public func stop() {
        server.stop()
        watchers.closeAll()
    }

    deinit { stop() }
}
