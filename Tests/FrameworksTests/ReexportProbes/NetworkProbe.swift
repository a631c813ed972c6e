import Network

/// `import Network` alone names Foundation's types and Apple's Foundation additions, as on Apple's platforms.
enum NetworkReexportProbe {
    static func foundationValues() -> (date: Date, id: UUID, interval: TimeInterval, defaults: UserDefaults?, text: String) {
        (Date(timeIntervalSince1970: 0), UUID(), TimeInterval(8 * 3600), UserDefaults(suiteName: "probe"), String(localized: "Probe \(3)"))
    }
}
