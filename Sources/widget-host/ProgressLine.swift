import Foundation
import SystemCalls

/// Progress for a person watching: on a terminal, one line redrawn in place; written to a log or a
/// pipe, nothing until `finish`, which leaves one summary line (carriage returns have no place in a
/// log).
struct ProgressLine {
    private let onTerminal: Bool
    private var shown = false

    init(onTerminal: Bool = FileDescriptor.standardError.isTerminal) { self.onTerminal = onTerminal }

    /// Redraws the line, on a terminal only.
    mutating func update(_ text: String) {
        guard onTerminal else { return }
        FileHandle.standardError.write(Data("\r\(text)\u{1B}[K".utf8))
        shown = true
    }

    /// Ends the line on a terminal; elsewhere writes `summary` as a line of its own.
    mutating func finish(_ summary: String) {
        if onTerminal {
            FileHandle.standardError.write(Data("\r\(summary)\u{1B}[K\n".utf8))
        } else {
            FileHandle.standardError.write(Data("\(summary)\n".utf8))
        }
        shown = false
    }
}
