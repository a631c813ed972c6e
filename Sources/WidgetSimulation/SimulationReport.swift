import Foundation
import WidgetArchive

/// Turns a simulation result into the report and the chart (the event log is streamed while the
/// simulation runs: `ScheduleLogFile`).
public enum SimulationReport {
    /// Per instance per day: requested / granted / exempt / deferred / resumed (a deferred request
    /// that ran later, spending budget like a granted one) / failed, budget left at the day's end, and
    /// staleness (average and worst lag behind the data).
    public static func text(_ r: ReloadSimulator.Result) -> String {
        var out = "reload budget simulation: \(r.instanceIDs.count) instance(s), \(r.days) day(s), \(r.decisions) decisions\n"
        let header = "instance".padding(toLength: 16, withPad: " ", startingAt: 0)
            + " day  requested  granted  exempt  deferred  resumed  failed  budget-left  stale-avg  stale-max\n"
        out += header
        // A month of a thousand widgets is 30,000 rows: columns are padded by hand, not by `String(format:)`.
        for (i, id) in r.instanceIDs.enumerated() {
            let name = id.prefix(16).padding(toLength: 16, withPad: " ", startingAt: 0)
            for (d, s) in r.stats[i].enumerated() {
                out += name
                out += " " + String(d + 1).leftPadded(3, with: " ")
                for (value, width) in [(s.requested, 9), (s.granted, 7), (s.exempt, 6), (s.deferred, 8), (s.resumed, 7), (s.failed, 6),
                                       (s.budgetLeftAtEnd, 11)] {
                    out += "  " + String(value).leftPadded(width, with: " ")
                }
                out += "  " + oneDecimal(s.staleSeconds / 86_400 / 60).leftPadded(7, with: " ") + " m"
                out += "  " + oneDecimal(s.maxStaleness / 60).leftPadded(7, with: " ") + " m\n"
            }
        }
        return out + rulesSection(r)
    }

    /// What each documented budget rule was set to and did, summed over instances and days
    /// (Apple, "Keeping a widget up to date").
    static func rulesSection(_ r: ReloadSimulator.Result) -> String {
        var total = ReloadSimulator.DayStats()
        for days in r.stats {
            for s in days {
                total.freeAfterIntentOrAnimation += s.freeAfterIntentOrAnimation
                total.standByRefreshes += s.standByRefreshes
                total.learningExtra += s.learningExtra
                total.coalesced += s.coalesced
                total.postponedNotVisible += s.postponedNotVisible
                total.reloadedWhenVisible += s.reloadedWhenVisible
                total.closeEntryTimelines += s.closeEntryTimelines
            }
        }
        let rules = r.rules
        func on(_ flag: Bool) -> String { flag ? "on" : "off" }
        let lines: [(String, String, String)] = [
            ("free reloads after an intent or animation", on(rules.freeAfterIntentOrAnimation), "\(total.freeAfterIntentOrAnimation) free reload(s)"),
            ("StandBy refresh at the system's rate", rules.standByRefreshInterval.map { "every \(Int($0)) s" } ?? "off",
             "\(total.standByRefreshes) free refresh(es)"),
            ("learning period", rules.learningDays > 0 ? "\(rules.learningDays) day(s), budget x\(oneDecimal(rules.learningBudgetFactor))" : "off",
             "\(total.learningExtra) reload(s) beyond the daily budget"),
            ("coalescing across widgets", rules.coalescingWindow > 0 ? "\(Int(rules.coalescingWindow)) s windows" : "off",
             "\(total.coalesced) request(s) coalesced"),
            ("rarely viewed pages", on(rules.postponesRarelyViewed),
             "\(total.postponedNotVisible) postponed, \(total.reloadedWhenVisible) reloaded when viewed"),
            ("entries closer than about 5 minutes", "under \(Int(rules.closeEntrySpacing)) s flagged", "\(total.closeEntryTimelines) timeline(s) flagged"),
            ("developer mode (no limits)", on(rules.developerMode), rules.developerMode ? "nothing counted" : "limits apply"),
        ]
        var out = "\nbudget rules (Apple, \"Keeping a widget up to date\"):\n"
        for (name, setting, effect) in lines {
            out += "  " + name.padding(toLength: 42, withPad: " ", startingAt: 0) + setting.padding(toLength: 28, withPad: " ", startingAt: 0) + effect + "\n"
        }
        return out
    }

    /// A panel's value axis: ticks and labels at 0, a quarter, half, three quarters and the top, with
    /// faint lines across.
    private static func valueAxis(top: Double, height: Double, left: Double, width: Double, maximum: Double) -> String {
        var s = ""
        for quarter in 0...4 {
            let value = maximum * Double(quarter) / 4
            let y = top + height - height * Double(quarter) / 4
            let label = maximum >= 8 || value == value.rounded() ? String(Int(value.rounded())) : oneDecimal(value)
            s += "<line x1=\"\(left - 4)\" y1=\"\(y)\" x2=\"\(left + width)\" y2=\"\(y)\" stroke=\"\(quarter == 0 ? "#999" : "#f0f0f0")\"/>"
            s += "<text x=\"\(left - 6)\" y=\"\(y + 4)\" text-anchor=\"end\">\(label)</text>\n"
        }
        return s
    }

    /// A panel's time axis: a line at each day's start, labelled with the day (at most about fifteen
    /// labels, so a long run stays legible).
    private static func timeAxis(days: Int, top: Double, height: Double, x: (Int) -> Double) -> String {
        var s = ""
        let every = max(1, (days + 14) / 15)
        for d in 0...days {
            s += "<line x1=\"\(x(d))\" y1=\"\(top)\" x2=\"\(x(d))\" y2=\"\(top + height + (d % every == 0 ? 4 : 0))\" stroke=\"#eee\"/>"
            if d % every == 0 { s += "<text x=\"\(x(d))\" y=\"\(top + height + 15)\" text-anchor=\"middle\">\(d)</text>" }
            s += "\n"
        }
        return s
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
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(top + 2 * panel + gap + 92))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        for (p, title, maxValue) in [(0, "budget left (reloads)", maxBudget), (1, "staleness (minutes)", maxStale)] {
            let y0 = top + Double(p) * (panel + gap)
            s += "<text x=\"\(left)\" y=\"\(y0 - 8)\" font-weight=\"bold\">\(title)</text>\n"
            s += "<rect x=\"\(left)\" y=\"\(y0)\" width=\"\(width - left - 20)\" height=\"\(panel)\" fill=\"none\" stroke=\"#ccc\"/>\n"
            s += valueAxis(top: y0, height: panel, left: left, width: width - left - 20, maximum: maxValue)
            s += timeAxis(days: r.days, top: y0, height: panel, x: { x(Double($0) * 24) })
            for (i, id) in shown {
                let points = r.samples.map { sample -> String in
                    let v = p == 0 ? Double(sample.1[i]) : sample.2[i]
                    return oneDecimal(x(sample.0)) + "," + oneDecimal(y0 + panel - v / maxValue * panel)
                }.joined(separator: " ")
                s += "<polyline fill=\"none\" stroke=\"\(colors[i % colors.count])\" stroke-width=\"1.5\" points=\"\(points)\"><title>\(id)</title></polyline>\n"
            }
        }
        s += "<text x=\"\(left + (width - left - 20) / 2)\" y=\"\(top + 2 * panel + gap + 32)\" text-anchor=\"middle\">time since the start (days)</text>\n"
        let legendY = top + 2 * panel + gap + 52
        for (i, id) in shown {
            let lx = left + Double(i % 6) * 140, ly = legendY + Double(i / 6) * 16
            s += "<rect x=\"\(lx)\" y=\"\(ly - 9)\" width=\"10\" height=\"10\" fill=\"\(colors[i % colors.count])\"/><text x=\"\(lx + 14)\" y=\"\(ly)\">\(id.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))</text>\n"
        }
        s += "</svg>\n"
        return s
    }
}
