import SafariServices

/// `import SafariServices` alone brings UIKit (and so Foundation), as on Apple's platforms.
enum SafariServicesReexportProbe {
    static func foundationValues() -> (date: Date, id: UUID, interval: TimeInterval, defaults: UserDefaults?, text: String) {
        (Date(timeIntervalSince1970: 0), UUID(), TimeInterval(8 * 3600), UserDefaults(suiteName: "probe"), String(localized: "Probe \(3)"))
    }

    static func controller() -> UIViewController { SFSafariViewController(url: URL(string: "https://example.com")!) }
}
