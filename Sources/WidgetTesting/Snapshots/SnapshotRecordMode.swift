import Foundation

/// When `assertSnapshot` writes reference files instead of comparing with them. Given per call
/// (`record:`), else by the environment variable `WIDGET_SNAPSHOT_RECORD` (`missing`, `all`, `failed`,
/// `never`), else `missing`.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// A missing reference is recorded, and its test fails once, saying so; the others are compared.
    case missing
    /// Every reference is recorded again, and each test fails, saying so: after an intended change.
    case all
    /// A reference that no longer matches is recorded again (its test still fails).
    case failed
    /// Nothing is recorded: a missing reference is a failure (what CI wants).
    case never

    public static let environmentVariable = "WIDGET_SNAPSHOT_RECORD"

    /// The mode the environment asks for, if it names one.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRecordMode? {
        environment[environmentVariable].flatMap { SnapshotRecordMode(rawValue: $0.lowercased()) }
    }
}
