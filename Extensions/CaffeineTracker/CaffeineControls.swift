// The caffeine tracker's controls (iOS 18): a button that logs an espresso from Control Center, the
// Lock Screen or the Action button, and a toggle for decaf mode. The host draws them; this code only
// says what they show and do.
import AppIntents
import SwiftUI
import WidgetKit

/// Logs an espresso and shows today's total beside its title. Caffeine intake is health data: while
/// the device is locked, the total is redacted.
struct LogEspressoControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "LogEspresso", provider: TodayTotalProvider()) { total in
            ControlWidgetButton(action: LogDrinkIntent(drink: "Espresso", milligrams: 64)) {
                Label("Espresso", systemImage: "cup.and.saucer.fill")
                Text("\(Int(total.rounded())) mg today")
                    .controlWidgetActionHint("Log an Espresso")
            }
            .tint(.brown)
            .privacySensitive()
        }
        .displayName("Log Espresso")
        .description("Logs a 64 mg espresso.")
        .pushHandler(EspressoControlPushHandler.self)
    }
}

/// Told of the control's push token: a drink logged elsewhere can update today's total in Control Center.
struct EspressoControlPushHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {
        FileHandle.standardError.write(Data("CaffeineTracker[\(getpid())]: push tokens for \(controls.count) control(s)\n".utf8))
    }
}

struct TodayTotalProvider: ControlValueProvider {
    var previewValue: Double { 128 }

    func currentValue() async throws -> Double {
        let now = Date()
        return DrinkStore.shared.logs().filter { $0.date > now.addingTimeInterval(-24 * 3600) && $0.date <= now }
            .reduce(0) { $0 + $1.milligrams }
    }
}

/// Decaf mode: while on, the tracker's espresso button logs decaf.
struct DecafModeControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "DecafMode", provider: DecafModeProvider()) { isOn in
            ControlWidgetToggle("Decaf Mode", isOn: isOn, action: SetDecafModeIntent()) { on in
                Label(on ? "Decaf" : "Regular", systemImage: on ? "leaf.fill" : "cup.and.saucer")
                    .controlWidgetStatus(on ? "Decaf mode on" : "Decaf mode off")
            }
            .tint(.green)
        }
        .displayName("Decaf Mode")
        .description("Switches the espresso button to decaf.")
    }
}

struct DecafModeProvider: ControlValueProvider {
    var previewValue: Bool { false }
    func currentValue() async throws -> Bool { DrinkStore.shared.isDecaf }
}

struct SetDecafModeIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Decaf mode"

    @Parameter(title: "Decaf")
    var value: Bool

    func perform() async throws -> some IntentResult {
        try DrinkStore.shared.setDecaf(value)
        FileHandle.standardError.write(Data("CaffeineTracker[\(getpid())]: decaf mode \(value ? "on" : "off")\n".utf8))
        return .result()
    }
}
