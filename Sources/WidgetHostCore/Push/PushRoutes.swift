import Foundation
import WidgetArchive
import WidgetProtocol

/// Which push token reaches which instances of a running host, and telling each extension of its
/// tokens. An extension has one widget token, reaching every configured instance of its widgets that
/// take pushes; each configured control that takes pushes has a token of its own. The extension is
/// told when its tokens first exist (the host starts), when they are rotated, and when the set of its
/// configured widgets and controls changes (`run` reconfigured).
///
/// Apple documentation: "Updating widgets with WidgetKit push notifications", "Updating controls
/// locally and remotely".
public final class PushRoutes {
    private let host: WidgetHost
    /// The host's instances, by index; nil where one was taken out of the configuration.
    private var sessions: [WidgetSession?]
    private let issuer = PushTokenIssuer()
    /// What each extension was last told, by executable path: a change is told again.
    private var announced: [String: PushTokenUpdate] = [:]
    /// Each extension's token generation, by extension id: a rotation moves it on.
    private var generations: [String: Int] = [:]
    /// The token reaching each instance, when it takes pushes.
    public private(set) var tokens: [[UInt8]?]

    public init(host: WidgetHost, sessions: [WidgetSession]) {
        self.host = host
        self.sessions = sessions
        tokens = Array(repeating: nil, count: sessions.count)
    }

    /// The host's instances changed: `sessions` by index, nil where one was taken out. Call
    /// `issue()` next to tell the extensions whose set changed.
    public func update(sessions: [WidgetSession?]) {
        self.sessions = sessions
        tokens = Array(repeating: nil, count: sessions.count)
    }

    /// The instances a push to `token` reloads.
    public func instances(reachedBy token: [UInt8]) -> [Int] {
        tokens.indices.filter { tokens[$0] == token }
    }

    /// Issues the tokens of every extension (or of `extensionID` alone, moving its generation on) and
    /// tells each extension with an instance that takes pushes. Returns what could not be told.
    @discardableResult
    public func issue(rotating extensionID: String? = nil) -> [HostError] {
        if let extensionID { generations[extensionID, default: 0] += 1 }
        var failures: [HostError] = []
        let paths = Set(sessions.compactMap { $0?.instance.extensionPath }).union(announced.keys)
        for path in paths.sorted() {
            do {
                let connection = try host.connection(to: path)
                guard extensionID == nil || connection.extensionID == extensionID else { continue }
                try announce(connection, path: path, force: extensionID != nil)
            } catch {
                failures.append(error)
            }
        }
        return failures
    }

    /// Works out the extension's tokens and sends them if they or what they reach changed since it was
    /// last told (or, `force`d, after a rotation). An extension none of whose instances take pushes is
    /// told nothing, unless it was told of some before: then it is told they are gone.
    private func announce(_ connection: ExtensionConnection, path: String, force: Bool) throws(HostError) {
        let id = connection.extensionID, generation = generations[id, default: 0]
        let widgetToken = issuer.widgetToken(extensionID: id, generation: generation)
        var widgets: [PushTokenUpdate.ConfiguredWidget] = [], controls: [PushTokenUpdate.ConfiguredControl] = []
        for (i, session) in sessions.enumerated() {
            guard let session, session.instance.extensionPath == path else { continue }
            guard let descriptor = connection.descriptor(kind: session.instance.kind), descriptor.takesPushes else { continue }
            if session.instance.family == ._control {
                let token = issuer.controlToken(extensionID: id, instance: session.instance.id, generation: generation)
                tokens[i] = token
                controls.append(.init(kind: session.instance.kind, token: token, configuration: session.instance.encodedConfiguration ?? []))
            } else {
                tokens[i] = widgetToken
                widgets.append(.init(kind: session.instance.kind, family: session.instance.family))
            }
        }
        let update = PushTokenUpdate(requestID: 0, widgetToken: widgets.isEmpty ? [] : widgetToken, widgets: widgets, controls: controls)
        let previous = announced[path]
        guard force || update != previous, !(previous == nil && widgets.isEmpty && controls.isEmpty) else { return }
        try connection.deliverPushTokens(widgetToken: update.widgetToken, widgets: widgets, controls: controls)
        announced[path] = update
        host.log("\(id): push tokens issued (generation \(generation)) for \(widgets.count) widget(s) and \(controls.count) control(s)")
    }
}
