import LocalAuthentication

/// `import LocalAuthentication` alone names Foundation's types (an `NSError` for `canEvaluatePolicy`)
/// and Apple's Foundation additions, as on Apple's platforms.
enum LocalAuthenticationReexportProbe {
    static func foundationValues() -> (date: Date, id: UUID, interval: TimeInterval, defaults: UserDefaults?, text: String) {
        var error: NSError?
        _ = LAContext().canEvaluatePolicy(.deviceOwnerAuthentication, error: &error)
        return (Date(timeIntervalSince1970: 0), UUID(), TimeInterval(8 * 3600), UserDefaults(suiteName: "probe"), String(localized: "Probe \(3)"))
    }
}
