import Foundation
import WidgetHostCore
import WidgetNetwork
import WidgetProcess

/// A wrong command line: printed with the usage, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A failure while doing what was asked: printed, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Minimal `--name value` / `--flag` / positional parsing, strict about unknown options.
struct Arguments {
    private(set) var positional: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    init(_ args: [String], options known: Set<String>, flags knownFlags: Set<String> = []) throws {
        var i = 0
        while i < args.count {
            let arg = args[i]
            if arg.hasPrefix("--") {
                var name = String(arg.dropFirst(2))
                var value: String?
                if let eq = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if knownFlags.contains(name) {
                    guard value == nil else { throw UsageError("--\(name) takes no value") }
                    flags.insert(name)
                } else if known.contains(name) {
                    if value == nil {
                        i += 1
                        guard i < args.count else { throw UsageError("--\(name) needs a value") }
                        value = args[i]
                    }
                    options[name] = value
                    // `--network record DIR` and `--network replay DIR`: the mode's folder follows it.
                    if name == "network", let mode = value, NetworkMode.takesFolder(mode) {
                        guard i + 1 < args.count, !args[i + 1].hasPrefix("--") else { throw UsageError("--network \(mode) needs a folder: --network \(mode) DIR") }
                        i += 1
                        options[Self.networkFolder] = args[i]
                    }
                } else {
                    throw UsageError("unknown option --\(name)")
                }
            } else {
                positional.append(arg)
            }
            i += 1
        }
    }

    func value(_ name: String) -> String? { options[name] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    func required(_ name: String) throws -> String {
        guard let v = options[name] else { throw UsageError("missing --\(name)") }
        return v
    }

    /// A whole number within `range`, checked where it enters: nothing later converts or multiplies
    /// it out of range.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        try options[name].map { v in
            guard let n = Int(v), range.contains(n) else {
                throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \(v))")
            }
            return n
        }
    }

    /// A finite number above `lowerBound` and at most `upperBound` (in `unit`): never NaN or infinity.
    func number(_ name: String, above lowerBound: Double, atMost upperBound: Double, unit: String) throws -> Double? {
        try options[name].map { v in
            guard let x = Double(v), x.isFinite, x > lowerBound, x <= upperBound else {
                throw UsageError("--\(name) must be a number of \(unit) above \(Self.plain(lowerBound)) and at most \(Self.plain(upperBound)) (got \(v))")
            }
            return x
        }
    }

    func number(_ name: String, in range: ClosedRange<Double>, unit: String) throws -> Double? {
        try options[name].map { v in
            guard let x = Double(v), x.isFinite, range.contains(x) else {
                throw UsageError("--\(name) must be a number of \(unit) from \(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound)) (got \(v))")
            }
            return x
        }
    }

    /// `--sandbox none|basic|full`; by default the strongest this machine supports. Asking for more
    /// than it supports is an error that says why, rather than a weaker sandbox than asked for.
    func sandbox() throws -> SandboxLevel {
        guard let text = options["sandbox"] else { return .strongestAvailable }
        guard let level = SandboxLevel(rawValue: text) else {
            throw UsageError("--sandbox must be none, basic or full (got \(text))")
        }
        if level > .strongestAvailable {
            throw CommandFailure("the \(level) sandbox is not available on this machine (\(SandboxLevel.fullUnavailableReason ?? "no reason given")); use --sandbox \(SandboxLevel.strongestAvailable)")
        }
        return level
    }

    /// Where the folder of `--network record DIR` is kept (not an option anyone can give).
    private static let networkFolder = " network folder"

    /// `--network live|off|record DIR|replay DIR`; live by default. A replay folder must exist.
    func network() throws -> NetworkMode {
        guard let word = options["network"] else { return .live }
        let mode: NetworkMode
        do {
            mode = try NetworkMode(word, folder: options[Self.networkFolder])
        } catch {
            throw UsageError("\(error)")
        }
        if case .replay(let folder) = mode {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandFailure("--network replay: \(folder) is not a folder of recordings (make one with --network record \(folder))")
            }
        }
        return mode
    }

    private static func plain(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
}

enum DateArgument {
    /// The dates accepted: an extension's clock counts nanoseconds in 64 bits, which ends in 2262.
    static let supported = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 7_258_118_400)  // 1970 ..< 2200

    /// ISO 8601 (`2026-11-21T09:30:00Z`, `2026-11-21T09:30Z`, `2026-11-21`) or seconds since 1970,
    /// from 1970 to the end of 2199.
    static func parse(_ text: String) throws -> Date {
        let date = try parseAnyDate(text)
        guard supported.contains(date) else {
            throw UsageError("\(text) is outside the dates widget-host runs extensions at (1970-01-01 to 2199-12-31)")
        }
        return date
    }

    private static func parseAnyDate(_ text: String) throws -> Date {
        if let seconds = Double(text), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
        let formats = ["yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd"]
        for format in formats {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = format
            if let d = f.date(from: text) { return d }
        }
        throw UsageError("not a date: \(text) (use ISO 8601 such as 2026-11-21T09:30:00Z, or seconds since 1970)")
    }
}
