import Foundation

extension NWConnection {
    /// `NWConnection.State`. Offline a started connection goes `.preparing`, then `.waiting` with
    /// `ENETDOWN`, and stays there until cancelled; it never becomes `.ready`.
    public enum State: Equatable, Sendable {
        case setup
        case waiting(NWError)
        case preparing
        case ready
        case failed(NWError)
        case cancelled
    }

    /// `NWConnection.SendCompletion`: be told when the content was processed (or why not), or not
    /// at all (`.idempotent`).
    public enum SendCompletion: Sendable {
        case contentProcessed(@Sendable (_ error: NWError?) -> Void)
        case idempotent
    }

    /// `NWConnection.ContentContext`: which message a send or receive belongs to.
    public final class ContentContext: Sendable {
        public let identifier: String
        public let expirationMilliseconds: UInt64
        public let relativePriority: Double
        public let isFinal: Bool
        public let antecedent: ContentContext?

        public init(
            identifier: String, expiration: UInt64 = 0, priority: Double = 0.5, isFinal: Bool = false, antecedent: ContentContext? = nil,
            metadata: [NWProtocolMetadata]? = []
        ) {
            self.identifier = identifier
            expirationMilliseconds = expiration
            relativePriority = priority
            self.isFinal = isFinal
            self.antecedent = antecedent
        }

        public static let defaultMessage = ContentContext(identifier: "defaultMessage")
        public static let finalMessage = ContentContext(identifier: "finalMessage", isFinal: true)
        public static let defaultStream = ContentContext(identifier: "defaultStream")

        /// A protocol's metadata for this message: none, since nothing is ever received.
        public func protocolMetadata(definition: NWProtocolDefinition) -> NWProtocolMetadata? { nil }
    }
}
