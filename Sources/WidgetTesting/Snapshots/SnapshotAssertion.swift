import Foundation
import Synchronization
import WidgetHostCore

/// Asserts that `value`, snapshotted with `strategy`, matches its reference file, as
/// swift-snapshot-testing users know it: references live in `__Snapshots__/<TestFile>/` beside the
/// test file, named after the test (`testSmall.1.png`, or `testSmall.dark.png` with `named: "dark"`).
/// A missing reference is recorded and the test fails once, saying so; a mismatch fails with the
/// reference, the actual snapshot and (for images) a diff image written beside it. Works from XCTest and
/// from Swift Testing: the failure is recorded in whichever is running.
///
/// ```swift
/// func testTheListShowsThreeItems() throws {
///     let widget = try host.instance(kind: "ToDoList", family: .systemMedium)
///     assertSnapshot(of: widget, as: .png)
///     assertSnapshot(of: try widget.render(), as: .text, named: "tree")
/// }
/// ```
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value>, named name: String? = nil,
    record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    guard let message = verifySnapshot(of: try value(), as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                                       file: file, testName: testName) else { return }
    TestIssue.record(message, fileID: fileID, file: file, line: line, column: column)
}

/// What `assertSnapshot` checks, returning the failure message instead of recording it (nil when the
/// snapshot matches): for helpers that report failures their own way.
public func verifySnapshot<Value>(
    of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value>, named name: String? = nil,
    record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil,
    file: StaticString = #filePath, testName: String = #function
) -> String? {
    let mode = record ?? SnapshotRecordMode.fromEnvironment() ?? .missing
    let reference = SnapshotReference(file: "\(file)", testName: testName, name: name, pathExtension: strategy.pathExtension,
                                      directory: snapshotDirectory)
    let actual: [UInt8]
    do {
        actual = try strategy.snapshot(value())
    } catch {
        return "could not make the snapshot: \(error)"
    }
    do {
        return try reference.check(actual, mode: mode, compare: strategy.compare)
    } catch {
        return "could not write beside \(reference.url.path): \(error)"
    }
}

/// A reference file's place, and what is done with it.
struct SnapshotReference {
    let url: URL

    /// `__Snapshots__/<TestFile>/<test>.<name or count>.<ext>` beside `file`, or in `directory`.
    init(file: String, testName: String, name: String?, pathExtension: String, directory: String?) {
        let source = URL(fileURLWithPath: file)
        let folder = directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? source.deletingLastPathComponent().appendingPathComponent("__Snapshots__", isDirectory: true)
                .appendingPathComponent(source.deletingPathExtension().lastPathComponent, isDirectory: true)
        let test = Self.sanitized(testName)
        let label = name.map(Self.sanitized) ?? String(SnapshotCounter.shared.next(folder.path + "/" + test))
        url = folder.appendingPathComponent("\(test).\(label).\(pathExtension)")
    }

    /// `testSmall()` → `testSmall`; anything but letters, digits, `-` and `_` becomes `-`.
    static func sanitized(_ text: String) -> String {
        let base = text.hasSuffix("()") ? String(text.dropLast(2)) : text
        let cleaned = String(base.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" || scalar == "_" ? Character(scalar) : "-"
        })
        return cleaned.isEmpty ? "snapshot" : cleaned
    }

    /// Where the actual snapshot and the diff image go when they do not match: beside the reference.
    var actualURL: URL { url.deletingPathExtension().appendingPathExtension("actual").appendingPathExtension(url.pathExtension) }
    var diffURL: URL { url.deletingPathExtension().appendingPathExtension("diff").appendingPathExtension("png") }

    func check(_ actual: [UInt8], mode: SnapshotRecordMode,
               compare: (_ reference: [UInt8], _ actual: [UInt8]) -> SnapshotDifference?) throws -> String? {
        let existing = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
        guard let existing, mode != .all else {
            guard mode != .never else {
                return "no reference at \(url.path), and recording is off (\(SnapshotRecordMode.environmentVariable)=never)"
            }
            try write(actual, to: url)
            removeArtifacts()
            return existing == nil
                ? "recorded a new reference at \(url.path); run the test again to compare with it"
                : "recorded the reference at \(url.path) again (record mode all); run with recording off to compare"
        }
        guard let difference = compare(existing, actual) else {
            removeArtifacts()
            return nil
        }
        if mode == .failed {
            try write(actual, to: url)
            removeArtifacts()
            return "the snapshot did not match \(url.path), which is recorded again (record mode failed): \(difference.message)"
        }
        try write(actual, to: actualURL)
        var message = "the snapshot does not match its reference: \(difference.message)\n  reference: \(url.path)\n  actual:    \(actualURL.path)"
        if let image = difference.diffImage {
            try write(image, to: diffURL)
            message += "\n  diff:      \(diffURL.path)"
        } else {
            try? FileManager.default.removeItem(at: diffURL)
        }
        return message
    }

    private func write(_ bytes: [UInt8], to target: URL) throws {
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target, options: .atomic)
    }

    private func removeArtifacts() {
        try? FileManager.default.removeItem(at: actualURL)
        try? FileManager.default.removeItem(at: diffURL)
    }
}

/// Numbers the unnamed snapshots of each test: `testSmall.1.png`, `testSmall.2.png`.
final class SnapshotCounter: Sendable {
    static let shared = SnapshotCounter()
    private let counts = Mutex<[String: Int]>([:])

    func next(_ key: String) -> Int {
        counts.withLock { counts in
            counts[key, default: 0] += 1
            return counts[key, default: 0]
        }
    }
}
