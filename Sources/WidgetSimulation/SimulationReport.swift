import Foundation

/// Turns a simulation result into the report and the chart (the event log is streamed while the
/// simulation runs: `ScheduleLogFile`).
public enum SimulationReport {
    /// Per instance per day: requested / granted / exempt / deferred / failed, budget left at the
    /// day's end, and staleness (average and worst lag behind the data).
    public static func text(_ r: ReloadSimulator.Result) -> String {
        var out = "reload budget simulation: \(r.instanceIDs.count) instance(s), \(r.days) day(s), \(r.decisions) decisions\n"
        let header = "instance".padding(toLength: 16, withPad: " ", startingAt: 0)
            + " day  requested  granted  exempt  deferred  failed  budget-left  stale-avg  stale-max\n"
        out += header
        // A month of a thousand widgets is 30,000 rows: columns are padded by hand, not by `String(format:)`.
        for (i, id) in r.instanceIDs.enumerated() {
            let name = id.prefix(16).padding(toLength: 16, withPad: " ", startingAt: 0)
            for (d, s) in r.stats[i].enumerated() {
                out += name
                out += " " + rightAligned(String(d + 1), 3)
                for (value, width) in [(s.requested, 9), (s.granted, 7), (s.exempt, 6), (s.deferred, 8), (s.failed, 6),
                                       (s.budgetLeftAtEnd, 11)] {
                    out += "  " + rightAligned(String(value), width)
                }
                out += "  " + rightAligned(oneDecimal(s.staleSeconds / 86_400 / 60), 7) + " m"
                out += "  " + rightAligned(oneDecimal(s.maxStaleness / 60), 7) + " m\n"
            }
        }
        return out
    }

    private static func rightAligned(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// `%.1f`, as `printf` rounds it; computed directly unless the value lies near a tie.
    static func oneDecimal(_ value: Double) -> String {
        let scaled = value * 10
        guard value.isFinite, abs(scaled) < 1e15, abs(abs(scaled - scaled.rounded(.towardZero)) - 0.5) > 1e-6 else {
            return String(format: "%.1f", value)
        }
        let tenths = Int(scaled.rounded())
        let digits = String(tenths.magnitude / 10) + "." + String(tenths.magnitude % 10)
        return tenths < 0 || (tenths == 0 && value.sign == .minus) ? "-" + digits : digits
    }

    /// Budget left (top) and staleness in minutes (bottom) over time, one line per instance (at most
    /// the first 12 instances).
    public static func svg(_ r: ReloadSimulator.Result) -> String {
        let width = 900.0, panel = 220.0, left = 60.0, top = 30.0, gap = 50.0
        let hours = max(1, Double(r.days) * 24)
        let shown = Array(r.instanceIDs.prefix(ReloadSimulator.chartedInstances).enumerated())
        let maxBudget = Double(max(1, r.peakBudgetLeft))
        let maxStale = max(1, r.peakStaleness)
        let colors = ["#0a84ff", "#ff9f0a", "#30d158", "#ff375f", "#bf5af2", "#64d2ff", "#ffd60a", "#ac8e68", "#5e5ce6", "#66d4cf", "#ff453a", "#8e8e93"]
        func x(_ h: Double) -> Double { left + h / hours * (width - left - 20) }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(top + 2 * panel + gap + 60))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        for (p, title, maxValue) in [(0, "budget left (reloads)", maxBudget), (1, "staleness (minutes)", maxStale)] {
            let y0 = top + Double(p) * (panel + gap)
            s += "<text x=\"\(left)\" y=\"\(y0 - 8)\" font-weight=\"bold\">\(title)</text>\n"
            s += "<rect x=\"\(left)\" y=\"\(y0)\" width=\"\(width - left - 20)\" height=\"\(panel)\" fill=\"none\" stroke=\"#ccc\"/>\n"
            s += "<text x=\"\(left - 6)\" y=\"\(y0 + 10)\" text-anchor=\"end\">\(Int(maxValue))</text><text x=\"\(left - 6)\" y=\"\(y0 + panel)\" text-anchor=\"end\">0</text>\n"
            for d in 0...r.days {
                s += "<line x1=\"\(x(Double(d) * 24))\" y1=\"\(y0)\" x2=\"\(x(Double(d) * 24))\" y2=\"\(y0 + panel)\" stroke=\"#eee\"/>\n"
            }
            for (i, id) in shown {
                let points = r.samples.map { sample -> String in
                    let v = p == 0 ? Double(sample.1[i]) : sample.2[i]
                    return oneDecimal(x(sample.0)) + "," + oneDecimal(y0 + panel - v / maxValue * panel)
                }.joined(separator: " ")
                s += "<polyline fill=\"none\" stroke=\"\(colors[i % colors.count])\" stroke-width=\"1.5\" points=\"\(points)\"><title>\(id)</title></polyline>\n"
            }
        }
        let legendY = top + 2 * panel + gap + 20
        for (i, id) in shown {
            let lx = left + Double(i % 6) * 140, ly = legendY + Double(i / 6) * 16
            s += "<rect x=\"\(lx)\" y=\"\(ly - 9)\" width=\"10\" height=\"10\" fill=\"\(colors[i % colors.count])\"/><text x=\"\(lx + 14)\" y=\"\(ly)\">\(id.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))</text>\n"
        }
        s += "</svg>\n"
        return s
    }
}
