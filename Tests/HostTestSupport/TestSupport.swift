import Foundation
import SystemCalls
import WidgetTesting
import XCTest

/// Paths to the package's built executables (the test bundle sits in the same build folder).
public enum BuiltProducts {
    public static var binDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// A product of this package, as an author's test finds theirs: beside the test bundle, or built now.
    public static func executable(_ name: String) throws -> String {
        try ExtensionProduct.path(name, file: #filePath)
    }
}

/// A fresh temporary folder, removed at teardown.
public func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("widgethost-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
}

/// A tiny "extension" written as a shell script, for misbehaviour the real SDK would never produce.
public func scriptExtension(_ test: XCTestCase, _ body: String) throws -> String {
    let dir = try temporaryDirectory(test)
    let path = dir.appendingPathComponent("script-extension").path
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o755)
    return path
}

/// Values appended from several threads.
// `@unchecked Sendable`: `storage` is only touched with `lock` held.
public final class LockedList<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    public init() {}
    public func append(_ value: Value) { lock.withLock { storage.append(value) } }
    public var values: [Value] { lock.withLock { storage } }
}

/// Runs a program to its end with standard output and error together; its process (for how it
/// ended) and what it printed.
public func runCapturingOutput(_ executable: String, _ arguments: [String]) throws -> (process: Process, output: String) {
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

/// A process's output, read as it comes on a thread of its own: a test waits for the line that says
/// what it waits for (the host is up, a configuration was taken, an entry is shown) instead of asking
/// again and again with sleeps in between.
// `@unchecked Sendable`: `lines` and `ended` are only touched with `condition` locked.
public final class ProcessOutput: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    public init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                pending += chunk
                var complete: [String] = []
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    complete.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
                condition.withLock {
                    lines += complete
                    if chunk.isEmpty { ended = true }
                    condition.broadcast()
                }
                if chunk.isEmpty { return }
            }
        }.start()
    }

    /// Every line so far.
    public var text: [String] { condition.withLock { lines } }

    /// Waits until `count` lines satisfy `matches` (counting from the first line), or the output ends,
    /// or `timeout` passes; returns whether they came.
    @discardableResult
    public func waitForLines(_ count: Int = 1, timeout: TimeInterval = 60, matching matches: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock {
            while lines.filter(matches).count < count {
                if ended || !condition.wait(until: deadline) { return lines.filter(matches).count >= count }
            }
            return true
        }
    }
}

/// `widget-host run --verbose` as a real process on a configuration, with its store, outputs and
/// control socket in `dir`; returned once it says its control socket is there (it answers from then
/// on), with its output (standard output and error) to wait on. Stopped by the caller (or by `--duration`).
public func launchRun(config: URL, store: URL, dir: URL, socket: String, extra: [String] = [],
               duration: String = "60") throws -> (process: Process, output: ProcessOutput) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try BuiltProducts.executable("widget-host"))
    process.arguments = ["run", "--config", config.path, "--store", store.path, "--out", dir.appendingPathComponent("live").path,
                         "--socket", socket, "--duration", duration, "--verbose"] + extra
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let output = ProcessOutput(pipe)
    try process.run()
    guard output.waitForLines(matching: { $0.contains("control socket \(socket)") }) else {
        if process.isRunning { process.terminate() }
        throw RunNotReady(output: output.text)
    }
    return (process, output)
}

/// Waits until process `pid` (any process, not only a child) has ended, or `timeout` passes: its
/// pidfd becomes readable when it does. Whether it ended.
public func waitForExit(of pid: pid_t, timeout: TimeInterval) -> Bool {
    let fd: FileDescriptor
    do { fd = try ChildProcess(pid: pid).exitDescriptor() } catch { return error == .noSuchProcess }  // already reaped
    defer { fd.close() }
    var entry = [PollRequest(fd)]
    while true {
        do { return try PollRequest.poll(&entry, timeoutMilliseconds: Int32(timeout * 1000)) == 1 } catch .interrupted { continue } catch { return false }
    }
}

public struct RunNotReady: Error, CustomStringConvertible {
    public var output: [String]
    public var description: String { "widget-host run did not come up: \(output.joined(separator: "\n"))" }
}
