import Foundation
import WidgetControl
import WidgetHostCore
import WidgetProtocol

/// `widget-host activity start|update|end|dismiss|list`: Live Activities of a running host, as an app
/// (or a person, for `dismiss`) changes them. The attributes and state are JSON, inline or `@FILE`.
enum ActivityCommand {
    static func run(_ args: [String]) throws {
        guard let verb = args.first else { throw UsageError("activity needs start, update, end, dismiss or list") }
        let a = try Arguments(Array(args.dropFirst()), options: [
            "type", "attributes", "state", "stale-date", "relevance", "push-type", "style", "start", "extension", "alert-title",
            "alert-body", "alert-sound", "dismissal", "timestamp", "socket",
        ], flags: ["json", "transient"])
        var request: ControlRequest
        switch verb {
        case "start":
            guard a.positional.isEmpty else { throw UsageError("activity start takes no positional arguments") }
            var fields = ActivityFields(attributesType: try a.required("type"), attributes: try json(a, "attributes", required: true))
            try content(a, into: &fields, required: true)
            fields.pushType = a.value("push-type")
            fields.style = a.has("transient") ? "transient" : a.value("style")
            fields.start = a.value("start")
            request = ControlRequest(command: .activityStart, extensionID: a.value("extension"))
            request.activity = fields
        case "update", "end":
            guard a.positional.count == 1 else { throw UsageError("activity \(verb) takes the activity's ID") }
            var fields = ActivityFields(id: a.positional[0])
            try content(a, into: &fields, required: verb == "update")
            fields.dismissal = a.value("dismissal")
            fields.timestamp = a.value("timestamp")
            request = ControlRequest(command: verb == "update" ? .activityUpdate : .activityEnd)
            request.activity = fields
        case "dismiss":
            guard a.positional.count == 1 else { throw UsageError("activity dismiss takes the activity's ID") }
            request = ControlRequest(command: .activityDismiss)
            request.activity = ActivityFields(id: a.positional[0])
        case "list":
            guard a.positional.isEmpty else { throw UsageError("activity list takes no positional arguments") }
            request = ControlRequest(command: .activities, extensionID: a.value("extension"))
        default:
            throw UsageError("activity \(verb): not start, update, end, dismiss or list")
        }
        // The command line checks the fields before the host does, for a clear message and exit status 2.
        if request.command != .activities && request.command != .activityDismiss, let fields = request.activity {
            do { _ = try fields.change(request.command) } catch { throw UsageError("\(error)") }
        }
        try send(request, socket: a.value("socket"), json: a.has("json"))
    }

    /// `--state`, `--stale-date`, `--relevance` and the alert into `fields`.
    private static func content(_ a: Arguments, into fields: inout ActivityFields, required: Bool) throws {
        fields.state = try json(a, "state", required: required)
        fields.staleDate = a.value("stale-date")
        if let relevance = a.value("relevance") {
            guard let score = Double(relevance), score.isFinite else { throw UsageError("--relevance takes a number (got \(relevance))") }
            fields.relevanceScore = score
        }
        if let title = a.value("alert-title") {
            fields.alert = ActivityAlert(title: title, body: a.value("alert-body") ?? "", sound: a.value("alert-sound"))
        }
    }

    /// A JSON option: inline, or `@FILE`.
    static func json(_ a: Arguments, _ name: String, required: Bool) throws -> JSONValue? {
        guard let text = a.value(name) else {
            if required { throw UsageError("--\(name) is needed (JSON, or @FILE)") }
            return nil
        }
        let bytes: [UInt8]
        if text.hasPrefix("@") {
            guard let data = FileManager.default.contents(atPath: String(text.dropFirst())) else {
                throw CommandFailure("--\(name): cannot read \(text.dropFirst())")
            }
            bytes = [UInt8](data)
        } else {
            bytes = Array(text.utf8)
        }
        guard let value = JSONValue(json: bytes) else { throw UsageError("--\(name) is not JSON: \(text.prefix(80))") }
        return value
    }

    static func send(_ request: ControlRequest, socket: String?, json: Bool) throws {
        let response = try exchange(request, socket: socket)
        if json {
            try JSONOutput.print(response)
        } else {
            print(response.message)
            for status in response.activities ?? [] { print(describe(status)) }
        }
        if !response.ok { throw CommandFailure(response.message) }
    }

    /// An activity as a few lines of text.
    static func describe(_ s: ActivityStatus) -> String {
        var line = "  \(s.id): \(s.attributesType) of \(s.extensionID), \(s.activityState)"
        if let shown = s.shownIn, !shown.isEmpty { line += ", shown in \(shown.joined(separator: ", "))" }
        if let token = s.pushToken { line += ", push token \(token)" }
        if let left = s.pushBudgetLeft { line += ", \(left) priority-10 pushes left this hour" }
        if let removal = s.removalDate { line += s.activityState == "ended" ? ", leaves the Lock Screen at \(removal)" : ", ends at the latest at \(removal)" }
        if let texts = s.texts, !texts.isEmpty { line += "\n    shows: \(texts.joined(separator: " | "))" }
        if let note = s.notes?.last { line += "\n    last: \(note)" }
        return line
    }
}
