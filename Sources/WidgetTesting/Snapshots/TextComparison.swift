import Foundation

/// Text references compared line by line: the message shows the first lines that differ.
enum TextComparison {
    @Sendable
    static func compare(_ reference: [UInt8], _ actual: [UInt8]) -> SnapshotDifference? {
        guard reference != actual else { return nil }
        let old = String(decoding: reference, as: UTF8.self).components(separatedBy: "\n")
        let new = String(decoding: actual, as: UTF8.self).components(separatedBy: "\n")
        var lines: [String] = []
        var differing = 0
        for i in 0..<max(old.count, new.count) {
            let a = i < old.count ? old[i] : nil, b = i < new.count ? new[i] : nil
            guard a != b else { continue }
            differing += 1
            if lines.count < 12 {
                if let a { lines.append("−\(i + 1): \(a)") }
                if let b { lines.append("+\(i + 1): \(b)") }
            }
        }
        let more = differing > 6 ? "\n… and \(differing - 6) more differing lines" : ""
        return SnapshotDifference(message: "\(differing) line(s) differ (− reference, + actual):\n" + lines.joined(separator: "\n") + more)
    }
}
