import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetNetwork
import WidgetRender
import WidgetStore

/// A host for tests: launches a real extension process on a virtual clock with a throwaway store, and
/// gives back instances to render and tap. Everything a widget author asserts on is the render tree.
///
/// ```swift
/// let host = try WidgetTestHost(extension: path)
/// let widget = try host.instance(kind: "ToDoList", family: .systemMedium)
/// let tap = try widget.tap(label: "Buy milk")
/// XCTAssertEqual(tap.final.root.allNodes().first { $0.id == "milk" }?.isOn, true)
/// ```
public final class WidgetTestHost {
    public let host: WidgetHost
    public let clock: VirtualClock
    public let storeDirectory: URL
    private let ownsStore: Bool

    /// - Parameters:
    ///   - extensionPath: the extension executable.
    ///   - start: the virtual clock's start (default: now).
    ///   - store: a store folder to use; by default a temporary one, removed by `shutdown()`.
    ///   - network: where the extension's URLSession requests go. Off by default, so that a test never
    ///     depends on a server; `.replay(folder:)` answers from recordings made with `.record(folder:)`
    ///     (or `widget-host preview --network record DIR`), the same on every machine.
    ///   - allow: the hosts the extension may reach (`NetworkAllowList` rules); nil for any.
    public init(extension extensionPath: String, start: Date = Date(), store: URL? = nil, network: NetworkMode = .off,
                allow: [String]? = nil) throws {
        self.extensionPath = extensionPath
        clock = VirtualClock(start: start)
        ownsStore = store == nil
        storeDirectory = store ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("widget-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: storeDirectory, withIntermediateDirectories: true)
        host = WidgetHost(store: ArchiveStore(root: storeDirectory), clock: clock)
        host.reportsRefusedOpens = true
        var policy = NetworkPolicy(mode: network)
        if let allow {
            policy.allowLists[URL(fileURLWithPath: extensionPath).lastPathComponent] = try NetworkAllowList(parsing: allow)
        }
        let clock = self.clock
        let requests = requestLog
        host.network = NetworkGateway(policy: policy, now: { clock.now }, report: { requests.append($0) })
    }

    /// The extension's network requests so far, oldest first, with what the host did with each.
    public var networkRequests: [NetworkEvent] { requestLog.events }
    private let requestLog = NetworkEventLog()

    public let extensionPath: String

    /// What the extension reported while it ran, as "kind: message": its own warnings and, in the full
    /// sandbox, each file it tried to open that its root lacks (`host.readPaths[extensionID]` grants
    /// one, as a run configuration's `readPaths` does).
    public var diagnostics: [String] {
        ((try? host.connection(to: extensionPath).diagnostics) ?? []).map { "\($0.kind): \($0.message)" }
    }

    /// A widget instance of `kind` in `family`, shown at `placement` (default: the family's natural one).
    /// `configuration` sets an intent-configured widget's parameters by name.
    public func instance(kind: String, family: WidgetFamily, placement: String? = nil, id: String? = nil,
                         configuration: [String: ConfigurationValue]? = nil) throws -> WidgetSession {
        let session = WidgetSession(host: host, instance: WidgetInstance(
            id: id ?? "\(kind)-\(family.rawValue)", extensionPath: extensionPath, kind: kind, family: family, placement: placement,
            configuration: configuration))
        _ = try session.reload(reason: .startup)
        return session
    }

    /// A control of `kind` (`ControlWidget`), shown at `placement`: `control-center-medium` unless
    /// another control placement is named (`widget-host placements` lists them).
    public func control(kind: String, placement: String? = nil, id: String? = nil,
                        configuration: [String: ConfigurationValue]? = nil) throws -> WidgetSession {
        try instance(kind: kind, family: ._control, placement: placement, id: id, configuration: configuration)
    }

    /// Moves the virtual clock; the Live Activities' rules due meanwhile are carried out.
    public func advance(by seconds: TimeInterval) {
        clock.advance(by: seconds)
        startedActivities?.advance()
    }

    /// The Live Activities of this host's extension (`startActivity`), made on first use.
    public var activities: ActivityCenter {
        if let startedActivities { return startedActivities }
        let made = ActivityCenter(host: host, extensions: [extensionPath])
        startedActivities = made
        return made
    }
    private var startedActivities: ActivityCenter?

    /// Stops the extension and removes a temporary store.
    public func shutdown() {
        host.shutdown()
        if ownsStore { try? FileManager.default.removeItem(at: storeDirectory) }
    }

    deinit { shutdown() }
}

extension RenderTree {
    /// The node with `.id(id)` (a control's element id included).
    public func node(id: String) -> RenderNode? { root.allNodes().first { $0.id == id } }
}
