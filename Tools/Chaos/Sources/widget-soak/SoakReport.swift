import Foundation

/// What a soak found: what it did, the figures, and every broken promise.
struct SoakReport: Codable {
    var seconds: Double = 0
    var instances = 0
    var sandbox = ""
    /// Actions by name (tap, reload, push, sighup, brokenSighup, killExtension, killHost, fillDisk…).
    var actions: [String: Int] = [:]
    /// Reloads and taps the host answered as stored.
    var acknowledged = 0
    /// Requests refused while the disk was full (expected; each named the store's path).
    var failedWhileFull = 0
    var timelinesChecked = 0
    /// Broken promises: an acknowledged reload not in the store, a stored timeline that does not
    /// decode, a process left behind, a status answer late or missing.
    var violations: [String] = []
    var statusAnswers = 0
    var statusMilliseconds: [String: Double] = [:]
    /// Host memory (resident) and descriptors over each of its lives, after a warm-up: the slope of a
    /// least-squares line, per hour.
    var residentMiBPerHour: [Double] = []
    var descriptorsPerHour: [Double] = []
    var residentMiB: [String: Double] = [:]
    /// Each life's resident memory at the end of every minute, in MiB: whether growth levels off.
    var residentMiBByMinute: [[Double]] = []
    var hostLives = 0

    var passed: Bool { violations.isEmpty }

    var text: String {
        var lines = ["widget-soak: \(Int(seconds)) s, \(instances) instances, \(sandbox) sandbox, \(hostLives) host lives"]
        lines.append("  actions: " + actions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        lines.append("  acknowledged reloads and taps: \(acknowledged); refused while the disk was full: \(failedWhileFull)")
        lines.append("  stored timelines checked: \(timelinesChecked)")
        lines.append("  status: \(statusAnswers) answers, " + statusMilliseconds.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", $0.value)) ms" }.joined(separator: ", "))
        lines.append("  host resident memory: " + residentMiB.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", $0.value)) MiB" }.joined(separator: ", "))
        lines.append("  slope per life (after warm-up): memory " + residentMiBPerHour.map { String(format: "%+.1f", $0) }.joined(separator: ", ")
                     + " MiB/h; descriptors " + descriptorsPerHour.map { String(format: "%+.1f", $0) }.joined(separator: ", ") + " /h")
        for (life, minutes) in residentMiBByMinute.enumerated() where minutes.count >= 5 {
            let every5 = stride(from: 4, to: minutes.count, by: 5).map { String(format: "%.0f", minutes[$0]) }
            lines.append("  life \(life + 1) memory every 5 minutes: " + every5.joined(separator: ", ") + " MiB")
        }
        lines.append(violations.isEmpty ? "  every promise held" : "  BROKEN (\(violations.count)):\n" + violations.map { "    " + $0 }.joined(separator: "\n"))
        return lines.joined(separator: "\n")
    }
}

/// The slope of the least-squares line through (x, y), in y per unit of x; 0 for fewer than 3 points.
func slope(_ points: [(x: Double, y: Double)]) -> Double {
    guard points.count >= 3 else { return 0 }
    let n = Double(points.count)
    let mx = points.map(\.x).reduce(0, +) / n
    let my = points.map(\.y).reduce(0, +) / n
    let sxx = points.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
    guard sxx > 0 else { return 0 }
    return points.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +) / sxx
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}
