import WidgetScheduling

/// The budget-rule options `simulate` and `run` share, applied over a scenario's or the defaults:
/// `--developer-mode`, `--learning-days N`, `--coalesce SECONDS`, `--standby-refresh SECONDS|off`,
/// `--close-entries SECONDS`, `--counted-interactions`.
enum BudgetRuleArguments {
    static let options: Set<String> = ["learning-days", "coalesce", "standby-refresh", "close-entries"]
    static let flags: Set<String> = ["developer-mode", "counted-interactions"]

    static func apply(_ a: Arguments, to rules: inout BudgetRules) throws {
        if a.has("developer-mode") { rules.developerMode = true }
        if a.has("counted-interactions") { rules.freeAfterIntentOrAnimation = false }
        if let days = try a.integer("learning-days", in: 0...366) { rules.learningDays = days }
        if let window = try a.number("coalesce", in: 0...3600, unit: "seconds") { rules.coalescingWindow = window }
        if let spacing = try a.number("close-entries", in: 0...86_400, unit: "seconds") { rules.closeEntrySpacing = spacing }
        if let refresh = a.value("standby-refresh") {
            if refresh == "off" {
                rules.standByRefreshInterval = nil
            } else {
                rules.standByRefreshInterval = try a.number("standby-refresh", in: 60...86_400, unit: "seconds")
            }
        }
        if let problem = rules.problem { throw UsageError(problem) }
    }
}
