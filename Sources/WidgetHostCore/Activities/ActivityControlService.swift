import Foundation
import WidgetArchive
import LiveActivities
import WidgetControl
import WidgetProtocol

/// The Live Activity commands of the control socket: what apps (through ActivityKit), `widget-host
/// activity` and `push` send. `run` serves them among its other commands; `ActivityControlEndpoint`
/// serves them alone (the demo, tests).
public struct ActivityControlService: Sendable {
    public let activities: ActivityCenter

    public init(activities: ActivityCenter) { self.activities = activities }

    /// Whether `request` is one of these commands.
    public static func handles(_ request: ControlRequest) -> Bool {
        switch request.command {
        case .activityStart, .activityUpdate, .activityEnd, .activityDismiss, .activities, .activityAuthorization, .watchActivities: true
        case .push: request.payload != nil || request.channel != nil
        default: false
        }
    }

    /// Carries out one command (a watch is kept by whoever serves the connection).
    public func handle(_ request: ControlRequest) -> ControlResponse {
        if request.command == .push { return handleActivityPush(request) }
        return handleActivity(request)
    }

    func handleActivity(_ request: ControlRequest) -> ControlResponse {
        switch request.command {
        case .activities:
            var response = ControlResponse(ok: true, message: "")
            response.activities = activities.statuses(extensionID: request.extensionID)
            response.message = "\(response.activities?.count ?? 0) Live Activit\(response.activities?.count == 1 ? "y" : "ies")"
            return response
        case .activityAuthorization:
            let (enabled, frequent) = activities.authorization(extensionID: request.extensionID)
            var response = ControlResponse(ok: true, message: enabled ? "Live Activities are enabled" : "Live Activities are turned off")
            response.activitiesEnabled = enabled
            response.frequentPushesEnabled = frequent
            response.pushToStartTokens = activities.pushToStartTokens(extensionID: request.extensionID)
            return response
        case .activityDismiss:
            guard let id = request.activity?.id else { return ControlResponse(ok: false, message: "activityDismiss needs the activity's id") }
            guard activities.dismiss(id) != nil else { return ControlResponse(ok: false, message: "no activity \(id) on the Lock Screen") }
            var response = ControlResponse(ok: true, message: "dismissed \(id)")
            response.activities = activities.status(id).map { [$0] }
            return response
        case .activityStart, .activityUpdate, .activityEnd:
            guard let fields = request.activity else { return ControlResponse(ok: false, message: "\(request.command.rawValue) needs activity fields") }
            let change: ActivityChange
            do {
                change = try fields.change(request.command)
            } catch {
                return ControlResponse(ok: false, message: "\(error)")
            }
            return carryOut(change, extensionID: request.extensionID)
        default:
            return ControlResponse(ok: false, message: "\(request.command.rawValue) is not carried out here")
        }
    }

    private func carryOut(_ change: ActivityChange, extensionID: String?) -> ControlResponse {
        var response: ControlResponse
        switch change {
        case .request(let start):
            switch activities.start(start, extensionID: extensionID) {
            case .success(let record):
                response = ControlResponse(ok: true, message: "started \(record.id) (\(record.attributesType) of \(record.extensionID))")
                response.activities = activities.status(record.id).map { [$0] }
            case .failure(let refusal):
                response = ControlResponse(ok: false, message: "not started: \(refusal)")
                response.refusal = refusal.rawValue
            }
        default:
            let verb = if case .end = change { "ended" } else { "updated" }
            if let record = activities.change(change) {
                response = ControlResponse(ok: true, message: "\(verb) \(record.id)")
            } else {
                let why = activities.status(change.activityID)?.notes?.last ?? "no such activity"
                response = ControlResponse(ok: false, message: "not \(verb): \(why)")
            }
            response.activities = activities.status(change.activityID).map { [$0] }
        }
        return response
    }

    /// A push to an activity's token, a push-to-start token or a channel, with an ActivityKit payload.
    func handleActivityPush(_ request: ControlRequest) -> ControlResponse {
        guard let payload = request.payload else { return ControlResponse(ok: false, message: "an ActivityKit push needs a payload") }
        let priority = request.priority ?? 10
        guard priority == 5 || priority == 10 else { return ControlResponse(ok: false, message: "apns-priority is 5 or 10, not \(priority)") }
        let token = request.token.flatMap(PushTokenIssuer.bytes(hex:))
        guard request.channel != nil || token != nil else {
            return ControlResponse(ok: false, message: "push needs a token in hex, or a channel")
        }
        switch activities.push(token: token, channel: request.channel, payload: payload, priority: priority) {
        case .failure(let refused):
            return ControlResponse(ok: false, message: "push refused: \(refused)")
        case .success(.refused(let reason)):
            return ControlResponse(ok: false, message: "push refused: \(reason)")
        case .success(.held(let until)):
            return ControlResponse(ok: true, message: "held as priority 5 until \(CivilDate.isoDate(until))")
        case .success(.delivered(let ids)):
            var response = ControlResponse(ok: true, message: "delivered to \(ids.joined(separator: ", "))")
            response.activities = ids.compactMap(activities.status)
            return response
        }
    }
}
