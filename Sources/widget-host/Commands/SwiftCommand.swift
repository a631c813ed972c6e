import Foundation

/// The toolchain's `swift`, run for `import --preview` and for example extensions `demo` lacks.
enum SwiftCommand {
    /// Runs `swift ARGUMENTS` with its output and errors to `output` (closed here once the process has
    /// it), calls `whileRunning` (to read a pipe's other end, say), and returns its exit status.
    static func run(_ arguments: [String], output: FileHandle, whileRunning: () -> Void = {}) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot run swift: \(error.localizedDescription)")
        }
        try? output.close()
        whileRunning()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
