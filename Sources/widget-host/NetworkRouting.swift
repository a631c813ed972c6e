import Foundation
import WidgetHostCore
import WidgetNetwork

/// How the commands that launch extensions (`run`, `preview`, `demo`) give them the network: a gateway
/// in the mode of `--network`, with a run configuration's allow-lists and bounds.
enum NetworkRouting {
    /// Gives `host` a gateway; each request, once answered, is told to `report`.
    static func attach(_ mode: NetworkMode, settings: NetworkSettings? = nil, to host: WidgetHost,
                       report: @escaping @Sendable (NetworkEvent) -> Void) throws {
        let policy: NetworkPolicy
        do {
            policy = try (settings ?? NetworkSettings()).policy(mode: mode)
        } catch {
            throw CommandFailure("network: \(error)")
        }
        let clock = host.clock
        host.network = NetworkGateway(policy: policy, now: { clock.now }, report: report)
    }

    /// One line for a person: `Headlines: GET https://… replayed 200 (412 bytes)`.
    static func line(_ event: NetworkEvent) -> String {
        let detail: String
        switch event.outcome {
        case .fetched(let status, let bytes, _), .replayed(let status, let bytes): detail = "\(status) (\(bytes) bytes)"
        case .refused(let reason), .failed(let reason): detail = reason
        }
        return "\(event.extensionID): \(event.method) \(event.url) \(event.verdict): \(detail)"
    }
}
