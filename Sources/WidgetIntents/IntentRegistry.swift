import Foundation
import WidgetArchive

/// The intent types this process can perform, by type identifier. A type is registered when a control
/// carrying it is archived, so only intents this extension itself put in an archive can be performed.
// `@unchecked Sendable`: `performers` is only touched with `lock` held.
package final class IntentRegistry: @unchecked Sendable {
    package static let shared = IntentRegistry()

    private let lock = NSLock()
    private var performers: [String: @Sendable ([UInt8]) async throws -> Void] = [:]
    /// The registered types that are `LiveActivityIntent`s: they may start Live Activities.
    private var liveActivityIntents: Set<String> = []

    package func register<I: AppIntent>(_ type: I.Type) {
        let id = I.typeIdentifier
        lock.withLock {
            guard performers[id] == nil else { return }
            if I.self is any LiveActivityIntent.Type { liveActivityIntents.insert(id) }
            performers[id] = { bytes in
                let intent = try await IntentParameterCodec.decode(I.self, from: bytes)
                _ = try await intent.perform()
            }
        }
    }

    /// What a control archives for `intent`: its type and encoded parameters. Registers the type, so
    /// that this process can perform the intent when the control is tapped.
    package func reference<I: AppIntent>(to intent: I) throws(IntentCodingError) -> IntentReference {
        let parameters = try IntentParameterCodec.encode(intent)
        register(I.self)
        return IntentReference(typeIdentifier: I.typeIdentifier, parameters: parameters)
    }

    package func isRegistered(_ typeIdentifier: String) -> Bool { lock.withLock { performers[typeIdentifier] != nil } }

    /// Whether the registered type is a `LiveActivityIntent`.
    package func isLiveActivityIntent(_ typeIdentifier: String) -> Bool { lock.withLock { liveActivityIntents.contains(typeIdentifier) } }

    /// Rebuilds and performs the intent. Throws `IntentCodingError` for bad parameters, and whatever
    /// `perform()` throws.
    package func perform(typeIdentifier: String, parameters: [UInt8]) async throws -> Bool {
        guard let performer = lock.withLock({ performers[typeIdentifier] }) else { return false }
        try await performer(parameters)
        return true
    }
}
