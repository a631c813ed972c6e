import Foundation

/// A local authentication context on a device with no biometry and no passcode: every policy is
/// refused with the error Apple's gives on such a device (`LAPolicy.unavailableCode`), and evaluating
/// one says so once on standard error. Its settings are kept, so code that sets them runs unchanged.
/// `@unchecked Sendable`: its settings are only touched under `lock`.
open class LAContext: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var fallbackTitle: String?
    private var cancelTitle: String?
    private var reason = ""
    private var reuseDuration: TimeInterval = 0
    private var interactionRefused = false

    public override init() {
        super.init()
    }

    open var localizedFallbackTitle: String? {
        get { lock.withLock { fallbackTitle } }
        set { lock.withLock { fallbackTitle = newValue } }
    }

    open var localizedCancelTitle: String? {
        get { lock.withLock { cancelTitle } }
        set { lock.withLock { cancelTitle = newValue } }
    }

    open var localizedReason: String {
        get { lock.withLock { reason } }
        set { lock.withLock { reason = newValue } }
    }

    open var touchIDAuthenticationAllowableReuseDuration: TimeInterval {
        get { lock.withLock { reuseDuration } }
        set { lock.withLock { reuseDuration = min(max(newValue, 0), LATouchIDAuthenticationMaximumAllowableReuseDuration) } }
    }

    open var interactionNotAllowed: Bool {
        get { lock.withLock { interactionRefused } }
        set { lock.withLock { interactionRefused = newValue } }
    }

    /// `.none`: this device has no biometry.
    open var biometryType: LABiometryType { .none }

    /// Nil: with no biometry enrolled there is no domain state to compare.
    open var evaluatedPolicyDomainState: Data? { nil }

    /// False, with the policy's error in `error`: nothing here can authenticate the owner.
    open func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool {
        error?.pointee = LAError(policy.unavailableCode)._bridgeToObjectiveC()
        return false
    }

    /// Calls `reply` with `false` and the policy's error, on another queue, as Apple's does.
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String, reply: @escaping (Bool, (any Error)?) -> Void) {
        let error = refusal(policy)
        let reply = Reply(reply)
        DispatchQueue.global().async { reply.call(false, error) }
    }

    /// Throws the policy's error.
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool {
        throw refusal(policy)
    }

    open func invalidate() {}

    /// False: no credential can be set on a device without a passcode.
    open func setCredential(_ credential: Data?, type: LACredentialType) -> Bool { false }
    open func isCredentialSet(_ type: LACredentialType) -> Bool { false }

    private func refusal(_ policy: LAPolicy) -> LAError {
        let error = LAError(policy.unavailableCode)
        LocalAuthenticationDiagnostics.report("evaluatePolicy fails with \(error.code) (\(error.code.message)): this device has no biometry and no passcode")
        return error
    }

    /// A reply called on another queue: apps pass closures that are not `Sendable` (they capture
    /// `self` and call back to the main queue themselves), and each is called once.
    private struct Reply: @unchecked Sendable {
        let call: (Bool, (any Error)?) -> Void
        init(_ call: @escaping (Bool, (any Error)?) -> Void) { self.call = call }
    }
}

/// Each message once on standard error, as the other frameworks here say what they do differently.
enum LocalAuthenticationDiagnostics {
    private static let lock = NSLock()
    // `nonisolated(unsafe)`: only touched with `lock` held.
    nonisolated(unsafe) private static var said: Set<String> = []

    static func report(_ message: String) {
        let first = lock.withLock { said.insert(message).inserted }
        guard first else { return }
        FileHandle.standardError.write(Data("LocalAuthentication: \(message)\n".utf8))
    }
}
