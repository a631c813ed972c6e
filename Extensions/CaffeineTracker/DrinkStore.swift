import Foundation

struct DrinkLog: Codable, Hashable, Sendable {
    let name: String
    let milligrams: Double
    let date: Date
}

enum Caffeine {
    static let halfLife: TimeInterval = 5 * 3600

    /// Caffeine still active at `date` from drinks logged before it.
    static func active(logs: [DrinkLog], at date: Date) -> Double {
        logs.filter { $0.date <= date }.reduce(0) { sum, log in
            sum + log.milligrams * pow(0.5, date.timeIntervalSince(log.date) / halfLife)
        }
    }
}

/// The drinks log, persisted in the extension's data folder (given by the host in
/// `WIDGET_EXTENSION_DATA`) so that it survives the process being stopped and relaunched.
// `@unchecked Sendable`: `cache` and the file are only touched with `lock` held.
final class DrinkStore: @unchecked Sendable {
    static let shared = DrinkStore()

    private let lock = NSLock()
    private let file: URL?
    private var cache: [DrinkLog]?
    private var decafInMemory = false

    init() {
        file = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map {
            URL(fileURLWithPath: $0).appendingPathComponent("drinks.json")
        }
    }

    func logs() -> [DrinkLog] {
        lock.withLock { loadLocked() }
    }

    func log(_ drink: DrinkLog) throws {
        try lock.withLock {
            var logs = loadLocked()
            logs.append(drink)
            cache = logs
            if let file {
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .secondsSince1970
                try encoder.encode(logs).write(to: file, options: .atomic)
            }
        }
    }

    /// Decaf mode (`DecafModeControl`): a marker file beside the log.
    var isDecaf: Bool {
        lock.withLock { decafFile.map { FileManager.default.fileExists(atPath: $0.path) } ?? decafInMemory }
    }

    func setDecaf(_ on: Bool) throws {
        try lock.withLock {
            decafInMemory = on
            guard let decafFile else { return }
            if on {
                try Data().write(to: decafFile)
            } else if FileManager.default.fileExists(atPath: decafFile.path) {
                try FileManager.default.removeItem(at: decafFile)
            }
        }
    }

    private var decafFile: URL? { file?.deletingLastPathComponent().appendingPathComponent("decaf") }

    /// Keeps the widget push token where the app would read it to send to its server.
    func savePushToken(_ hex: String) {
        guard let tokenFile = file?.deletingLastPathComponent().appendingPathComponent("push-token") else { return }
        try? Data(hex.utf8).write(to: tokenFile, options: .atomic)
    }

    /// The log as the file has it now: drinks logged elsewhere (another device, through the app's
    /// server) arrive in the file, and a push asks the widget to show them.
    private func loadLocked() -> [DrinkLog] {
        if let cache, file == nil { return cache }
        var loaded: [DrinkLog] = []
        if let file, let data = try? Data(contentsOf: file) {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            loaded = (try? decoder.decode([DrinkLog].self, from: data)) ?? []
        }
        cache = loaded
        return loaded
    }
}
