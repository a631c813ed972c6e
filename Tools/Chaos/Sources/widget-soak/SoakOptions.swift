import Foundation

/// What a soak runs: how long, how many instances, which executables, where.
struct SoakOptions {
    var seconds: Double = 1_800
    var instances = 1_000
    var seed: UInt64 = 1
    var widgetHost: String
    var todo: String
    var caffeine: String
    /// Where the host's store, renders, socket and logs go.
    var folder: URL
    /// A file system of its own for the store (a small tmpfs), which the soak fills and frees; nil to
    /// leave the disk alone.
    var fillable: URL?
    /// `status` must answer within this, every time.
    var statusBound: Double = 1
    /// About how long between two kills of the host (each wait drawn from half to one and a half
    /// times this), and between two fills of the disk.
    var hostKillSpacing: Double = 120
    var fillSpacing: Double = 60
    var sandbox: String?
    /// The drawn steps to take (tap, reload, push, sighup, brokenSighup, killExtension, status); all
    /// by default. To find which one a change in the figures comes from.
    var actions: Set<String>?
    /// The soak goes on past `seconds` until this many reloads and taps were acknowledged (at most
    /// four times as long): a short soak on a busy machine still checks what it promised to check.
    var minimumAcknowledged = 0

    static let usage = """
    usage: widget-soak --widget-host EXE --todo EXE --caffeine EXE --folder DIR [--seconds N] [--instances N]
                       [--seed S] [--fill DIR] [--status-bound SECONDS] [--host-kill-spacing SECONDS]
                       [--fill-spacing SECONDS] [--sandbox LEVEL] [--actions tap,reload,…]
                       [--at-least-acknowledged N]
    """

    static func parse(_ arguments: [String]) throws -> SoakOptions {
        var values: [String: String] = [:]
        var i = 0
        while i < arguments.count {
            let name = arguments[i]
            guard name.hasPrefix("--"), i + 1 < arguments.count else { throw SoakError.usage("\(name) needs a value") }
            values[String(name.dropFirst(2))] = arguments[i + 1]
            i += 2
        }
        func required(_ name: String) throws -> String {
            guard let value = values.removeValue(forKey: name) else { throw SoakError.usage("missing --\(name)") }
            return value
        }
        func number(_ name: String, _ range: ClosedRange<Double>) throws -> Double? {
            guard let text = values.removeValue(forKey: name) else { return nil }
            guard let value = Double(text), range.contains(value) else {
                throw SoakError.usage("--\(name) must be a number from \(range.lowerBound) to \(range.upperBound) (got \(text))")
            }
            return value
        }
        // Absolute: the run configuration holds the extensions' paths, and reads them from its own folder.
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        var options = SoakOptions(widgetHost: absolute(try required("widget-host")), todo: absolute(try required("todo")),
                                  caffeine: absolute(try required("caffeine")),
                                  folder: URL(fileURLWithPath: absolute(try required("folder")), isDirectory: true))
        if let seconds = try number("seconds", 1...86_400) { options.seconds = seconds }
        if let count = try number("instances", 2...100_000) { options.instances = Int(count) }
        if let seed = try number("seed", 0...1e15) { options.seed = UInt64(seed) }
        if let bound = try number("status-bound", 0.01...60) { options.statusBound = bound }
        if let spacing = try number("host-kill-spacing", 1...86_400) { options.hostKillSpacing = spacing }
        if let spacing = try number("fill-spacing", 1...86_400) { options.fillSpacing = spacing }
        if let count = try number("at-least-acknowledged", 0...1_000_000) { options.minimumAcknowledged = Int(count) }
        options.fillable = values.removeValue(forKey: "fill").map { URL(fileURLWithPath: absolute($0), isDirectory: true) }
        options.sandbox = values.removeValue(forKey: "sandbox")
        options.actions = values.removeValue(forKey: "actions").map { Set($0.split(separator: ",").map(String.init)) }
        if let unknown = values.keys.sorted().first { throw SoakError.usage("unknown option --\(unknown)") }
        return options
    }
}

enum SoakError: Error, CustomStringConvertible {
    case usage(String)
    case host(String)

    var description: String {
        switch self {
        case .usage(let message): "\(message)\n\(SoakOptions.usage)"
        case .host(let message): message
        }
    }
}
