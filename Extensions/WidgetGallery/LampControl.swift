// A configurable control: the user picks a room when adding it (`promptsForUserConfiguration`), and
// the toggle switches that room's lamp. Its value comes from an `AppIntentControlValueProvider`.
import AppIntents
import SwiftUI
import WidgetKit

struct LampConfiguration: ControlConfigurationIntent {
    static let title: LocalizedStringResource = "Lamp"

    @Parameter(title: "Room", default: "Kitchen")
    var room: String
}

struct SetLampIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Switch a lamp"

    @Parameter(title: "Room")
    var room: String

    @Parameter(title: "On")
    var value: Bool

    init() {}
    init(room: String) { self.room = room }

    func perform() async throws -> some IntentResult {
        Lamps.shared.set(room, on: value)
        return .result()
    }
}

struct LampValue {
    let room: String
    let isOn: Bool
}

struct LampProvider: AppIntentControlValueProvider {
    func previewValue(configuration: LampConfiguration) -> LampValue { LampValue(room: configuration.room, isOn: true) }

    func currentValue(configuration: LampConfiguration) async throws -> LampValue {
        LampValue(room: configuration.room, isOn: Lamps.shared.isOn(configuration.room))
    }
}

struct LampControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: "Lamp", provider: LampProvider()) { lamp in
            ControlWidgetToggle(isOn: lamp.isOn, action: SetLampIntent(room: lamp.room)) {
                Label(lamp.room, systemImage: "lightbulb")
            } valueLabel: { on in
                Label(on ? "On" : "Off", systemImage: on ? "lightbulb.fill" : "lightbulb")
            }
            .tint(.yellow)
        }
        .displayName("Lamp")
        .description("Switches a room's lamp.")
        .promptsForUserConfiguration()
        .pushHandler(LampPushHandler.self)
    }
}

/// Told of each configured lamp's push token: a home hub would push when someone switches the lamp.
struct LampPushHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {
        for control in controls {
            let room = control.configurationIntent(of: LampConfiguration.self)?.room ?? "?"
            FileHandle.standardError.write(Data("WidgetGallery: lamp push token for \(room)\n".utf8))
        }
    }
}

/// Which rooms' lamps are on, for as long as the extension runs.
final class Lamps: @unchecked Sendable {
    static let shared = Lamps()
    private let lock = NSLock()
    private var on: Set<String> = []

    func isOn(_ room: String) -> Bool { lock.withLock { on.contains(room) } }
    func set(_ room: String, on isOn: Bool) {
        lock.withLock { if isOn { on.insert(room) } else { on.remove(room) } }
    }
}
