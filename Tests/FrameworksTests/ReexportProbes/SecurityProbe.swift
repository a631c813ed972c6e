import Security

/// `import Security` alone names Foundation's types, which stand for Core Foundation's here
/// (`query as CFDictionary`, `item as? Data`).
enum SecurityReexportProbe {
    static func foundationValues() -> (date: Date, id: UUID, interval: TimeInterval, defaults: UserDefaults?, text: String) {
        let query = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "probe"] as CFDictionary
        let found: Data? = query.count == 2 ? Data() : nil
        return (Date(timeIntervalSince1970: 0), UUID(), TimeInterval(8 * 3600), UserDefaults(suiteName: "probe"), found.map { _ in "Probe 3" } ?? "")
    }
}
