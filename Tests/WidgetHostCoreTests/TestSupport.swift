import Foundation
import WidgetTesting
import XCTest

/// Paths to the package's built executables (the test bundle sits in the same build folder).
enum BuiltProducts {
    static var binDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// A product of this package, as an author's test finds theirs: beside the test bundle, or built now.
    static func executable(_ name: String) throws -> String {
        try ExtensionProduct.path(name, file: #filePath)
    }
}

/// A fresh temporary folder, removed at teardown.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("widgethost-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
}

/// A tiny "extension" written as a shell script, for misbehaviour the real SDK would never produce.
func scriptExtension(_ test: XCTestCase, _ body: String) throws -> String {
    let dir = try temporaryDirectory(test)
    let path = dir.appendingPathComponent("script-extension").path
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o755)
    return path
}

/// Values appended from several threads.
// `@unchecked Sendable`: `storage` is only touched with `lock` held.
final class LockedList<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}

/// Runs a program to its end with standard output and error together; its process (for how it
/// ended) and what it printed.
func runCapturingOutput(_ executable: String, _ arguments: [String]) throws -> (process: Process, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process, text)
}

/// `widget-host run` as a real process on a configuration, with its store, outputs and control
/// socket in `dir`, its output discarded; stopped by the caller (or by `--duration`).
func launchRun(config: URL, store: URL, dir: URL, socket: String, extra: [String] = []) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try BuiltProducts.executable("widget-host"))
    process.arguments = ["run", "--config", config.path, "--store", store.path, "--out", dir.appendingPathComponent("live").path,
                         "--socket", socket, "--duration", "60"] + extra
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}
