import Foundation
import HostTestSupport

/// What `widget-host` printed and how it ended.
struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `widget-host` to its end as a user does, reading its standard output and error at once (each
/// on a thread of its own, so that a full pipe on either never stalls it).
func widgetHost(_ args: [String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try BuiltProducts.executable("widget-host"))
    process.arguments = args
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stderrData = LockedList<Data>()
    let stderrRead = DispatchSemaphore(value: 0)
    Thread {
        stderrData.append(err.fileHandleForReading.readDataToEndOfFile())
        stderrRead.signal()
    }.start()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    stderrRead.wait()
    return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: String(decoding: stderrData.values.first ?? Data(), as: UTF8.self))
}
