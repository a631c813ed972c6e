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
        for (i, id) in r.instanceIDs.enumerated() {
            for (d, s) in r.stats[i].enumerated() {
                let avg = s.staleSeconds / 86_400 / 60
                out += id.prefix(16).padding(toLength: 16, withPad: " ", startingAt: 0)
                out += String(format: " %3d  %9d  %7d  %6d  %8d  %6d  %11d  %7.1f m  %7.1f m\n",
                              d + 1, s.requested, s.granted, s.exempt, s.deferred, s.failed, s.budgetLeftAtEnd, avg, s.maxStaleness / 60)
            }
        }
        return out
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
                    return String(format: "%.1f,%.1f", x(sample.0), y0 + panel - v / maxValue * panel)
                }.joined(separator: " ")
                s += "<polyline fill=\"none\" stroke=\"\(colors[i % colors.count])\" stroke-width=\"1.5\" points=\"\(points)\"><title>\(id)</title></polyline>\n"
            }
        }
        let legendY = top + 2 * panel + gap + 20
        for (i, id) in shown {
            let lx = left + Double(i % 6) * 140, ly = legendY + Double(i / 6) * 16
            s += "<rect x=\"\(lx)\" y=\"\(ly - 9)\" width=\"10\" height=\"10\" fill=\"\(colors[i % colors.count])\"/><text x=\"\(lx + 14)\" y=\"\(ly)\">\(id.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "&", with: "&amp;"))</text>\n"
        }
        s += "</svg>\n"
        return s
    }
}
