import Foundation

/// `OSLogType`: a message's level.
public struct OSLogType: Hashable, Sendable, RawRepresentable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let `default` = OSLogType(rawValue: 0x00)
    public static let info = OSLogType(rawValue: 0x01)
    public static let debug = OSLogType(rawValue: 0x02)
    public static let error = OSLogType(rawValue: 0x10)
    public static let fault = OSLogType(rawValue: 0x11)

    var name: String {
        switch self {
        case .info: "info"
        case .debug: "debug"
        case .error: "error"
        case .fault: "fault"
        default: "default"
        }
    }
}

/// `OSLog`: a subsystem and category to log under.
public final class OSLog: @unchecked Sendable {
    public let subsystem: String
    public let category: String
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }
    public static let `default` = OSLog(subsystem: "", category: "")
    public static let disabled = OSLog(subsystem: "", category: "disabled")
    public func signpostsEnabled() -> Bool { false }
}

/// `Logger`: messages written as the unified log would show them, one line each on the extension's
/// standard error (which the host keeps with the extension's diagnostics): level, subsystem and
/// category, then the message with its private values redacted as `<private>`, as on a device.
public struct Logger: Sendable {
    let subsystem: String
    let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }
    public init() { self.init(subsystem: "", category: "") }
    public init(_ log: OSLog) { self.init(subsystem: log.subsystem, category: log.category) }

    public func log(_ message: OSLogMessage) { write(.default, message) }
    public func log(level: OSLogType, _ message: OSLogMessage) { write(level, message) }
    public func trace(_ message: OSLogMessage) { write(.debug, message) }
    public func debug(_ message: OSLogMessage) { write(.debug, message) }
    public func info(_ message: OSLogMessage) { write(.info, message) }
    public func notice(_ message: OSLogMessage) { write(.default, message) }
    public func warning(_ message: OSLogMessage) { write(.error, message) }
    public func error(_ message: OSLogMessage) { write(.error, message) }
    public func critical(_ message: OSLogMessage) { write(.fault, message) }
    public func fault(_ message: OSLogMessage) { write(.fault, message) }

    func write(_ level: OSLogType, _ message: OSLogMessage) {
        LogSink.write(Self.line(level: level, subsystem: subsystem, category: category, text: message.rendered))
    }

    static func line(level: OSLogType, subsystem: String, category: String, text: String) -> String {
        let place = subsystem.isEmpty && category.isEmpty ? "" : " [\(subsystem)\(category.isEmpty ? "" : ":\(category)")]"
        return "\(level.name)\(place) \(text)"
    }
}

/// Where log lines go: standard error, or a test's capture.
public enum LogSink {
    // `nonisolated(unsafe)`: only touched with `lock` held.
    nonisolated(unsafe) private static var capture: ((String) -> Void)?
    private static let lock = NSLock()

    static func write(_ line: String) {
        let captured = lock.withLock { capture }
        if let captured { captured(line) } else { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// Runs `body` with log lines handed to `receive` instead of standard error.
    public static func capturing(_ receive: @escaping (String) -> Void, _ body: () throws -> Void) rethrows {
        lock.withLock { capture = receive }
        defer { lock.withLock { capture = nil } }
        try body()
    }
}

/// `os_log(_:log:type:_:)`: a `StaticString` format with `%@`, `%d`, `%{public}@`… arguments.
public func os_log(_ message: StaticString, dso: UnsafeRawPointer? = nil, log: OSLog = .default, type: OSLogType = .default, _ args: any CVarArg...) {
    LogSink.write(Logger.line(level: type, subsystem: log.subsystem, category: log.category, text: OSLogFormat.render(message.description, args)))
}

/// `os_log(_:)` with a message (iOS 14).
public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: OSLogMessage) {
    Logger(log).log(level: type, message)
}

public func os_log(_ message: OSLogMessage) { Logger().log(message) }

/// `OSSignposter` and friends: signposts are for Instruments; nothing records them here.
public struct OSSignposter: Sendable {
    public init() {}
    public init(subsystem: String, category: String) {}
    public init(logger: Logger) {}
    public func makeSignpostID() -> OSSignpostID { OSSignpostID(0) }
    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive) -> OSSignpostIntervalState { OSSignpostIntervalState() }
    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage) -> OSSignpostIntervalState { OSSignpostIntervalState() }
    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) {}
    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState, _ message: OSLogMessage) {}
    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive) {}
    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage) {}
    public func withIntervalSignpost<T>(_ name: StaticString, id: OSSignpostID = .exclusive, around task: () throws -> T) rethrows -> T { try task() }
}

public struct OSSignpostID: Hashable, Sendable {
    public let rawValue: UInt64
    public init(_ value: UInt64) { rawValue = value }
    public static let exclusive = OSSignpostID(0xEEEE_B0B5_B2B2_EEEE)
    public static let invalid = OSSignpostID(0)
}

public struct OSSignpostIntervalState: Sendable {}
