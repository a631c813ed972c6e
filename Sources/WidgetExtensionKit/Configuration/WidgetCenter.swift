import Foundation
import WidgetArchive

/// `WidgetCenter`: asking the system to reload widgets. Apps call it; inside an extension the call is
/// recorded and goes no further: the host reloads after every intent it has performed, and app reloads
/// are what `widget-host reload --kind` and scenario events stand for.
public final class WidgetCenter: Sendable {
    public static let shared = WidgetCenter()
    private let requests = ReloadRequests()

    /// The kinds asked for, oldest first (`"*"` for all).
    package var requestedReloads: [String] { requests.kinds }

    public func reloadTimelines(ofKind kind: String) { requests.append(kind) }
    public func reloadAllTimelines() { requests.append("*") }
    public func invalidateConfigurationRecommendations() {}

    /// `getCurrentConfigurations`: the widgets configured on the device (unknown to the extension).
    public func getCurrentConfigurations(_ completion: @escaping (Result<[WidgetInfo], Error>) -> Void) { completion(.success([])) }
    public func currentConfigurations() async throws -> [WidgetInfo] { [] }
}

/// `WidgetInfo`.
public struct WidgetInfo: Sendable {
    public let kind: String
    public let family: WidgetFamily
}

/// Reload requests an extension made (`WidgetCenter`, `ControlCenter`), kept in order.
// `@unchecked Sendable`: `requested` is only touched with `lock` held.
final class ReloadRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var requested: [String] = []

    var kinds: [String] { lock.withLock { requested } }
    func append(_ kind: String) { lock.withLock { requested.append(kind) } }
}
