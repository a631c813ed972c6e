import Foundation

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
}

enum DateArgument {
    /// ISO 8601 (`2026-11-21T09:30:00Z`, `2026-11-21T09:30Z`, `2026-11-21`) or seconds since 1970.
    static func parse(_ text: String) throws -> Date {
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
