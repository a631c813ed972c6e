import Foundation
import WidgetArchive

/// `WidgetCenter`: asking the system to reload widgets. Apps call it; inside an extension the call is
/// recorded and goes no further: the host reloads after every intent it has performed, and app reloads
/// are what `widget-host reload --kind` and scenario events stand for.
// `@unchecked Sendable`: `requested` is only touched with `lock` held.
public final class WidgetCenter: @unchecked Sendable {
    public static let shared = WidgetCenter()
    private let lock = NSLock()
    private var requested: [String] = []

    /// The kinds asked for, oldest first (`"*"` for all).
    package var requestedReloads: [String] { lock.withLock { requested } }

    public func reloadTimelines(ofKind kind: String) { lock.withLock { requested.append(kind) } }
    public func reloadAllTimelines() { lock.withLock { requested.append("*") } }
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
