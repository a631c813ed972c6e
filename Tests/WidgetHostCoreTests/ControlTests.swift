import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetTesting
import XCTest

/// Controls (`ControlWidget`) with the bundled caffeine tracker's real process: the template archived
/// by the extension, drawn by the host in each control placement, a tap performing the intent and
/// reloading the control, a toggle flipping at once, privacy-sensitive values hidden while locked.
final class ControlTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func caffeineHost() throws -> WidgetTestHost {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable("CaffeineTracker"), start: t0)
        addTeardownBlock { host.shutdown() }
        return host
    }

    func testTheExtensionDescribesItsControlsBesideItsWidgets() throws {
        let host = try caffeineHost()
        let decaf = try host.control(kind: "DecafMode").descriptor()
        XCTAssertEqual(decaf.families, [._control])
        XCTAssertEqual(decaf.displayName, "Decaf Mode")
        XCTAssertEqual(try host.instance(kind: "CaffeineTracker", family: .systemSmall).descriptor().families.contains(._control), false)
    }

    func testAToggleFlipsAtOnceThenTheExtensionSetsTheValueAndTheControlReloads() throws {
        let host = try caffeineHost()
        let control = try host.control(kind: "DecafMode")
        let before = try control.render()
        XCTAssertEqual(before.texts, ["Decaf Mode", "Regular"])
        let tap = try control.tap(.text("Decaf Mode"))
        XCTAssertEqual(tap.outcome, .performed(intent: "CaffeineTracker.SetDecafModeIntent"))
        XCTAssertEqual(tap.optimistic.texts, ["Decaf Mode", "Decaf"], "the toggle flips before the extension answers")
        XCTAssertEqual(tap.final.texts, ["Decaf Mode", "Decaf"], "the reloaded control reads the extension's new state")
        XCTAssertEqual(control.events.filter { $0.kind == .reloaded(.interaction) }.count, 1)
        // The Action button says what the state reached means (the value label's status).
        XCTAssertEqual(try host.control(kind: "DecafMode", placement: "action-button").render().texts, ["Decaf Mode", "Decaf mode on"])
        // The next tap asks for the opposite value: the archived intent follows the state.
        let back = try control.tap(.text("Decaf Mode"))
        XCTAssertEqual(back.final.texts, ["Decaf Mode", "Regular"])
    }

    func testAButtonPerformsItsIntentAndTheReloadedValueShowsIt() throws {
        let host = try caffeineHost()
        let control = try host.control(kind: "LogEspresso", placement: "control-center-large")
        XCTAssertEqual(try control.render().texts, ["Espresso", "0 mg today"])
        let tap = try control.tap(.text("Espresso"))
        XCTAssertEqual(tap.outcome, .performed(intent: "CaffeineTracker.LogDrinkIntent"))
        XCTAssertEqual(tap.final.texts, ["Espresso", "64 mg today"])
        // The widget of the same extension sees the drink the control logged.
        XCTAssertTrue(try host.instance(kind: "CaffeineTracker", family: .systemSmall).render().texts.contains("64 mg"))
    }

    func testEachPlacementDrawsTheTemplateItsOwnWay() throws {
        let host = try caffeineHost()
        func texts(_ placement: String) throws -> [String] {
            try host.control(kind: "LogEspresso", placement: placement, id: placement).render().texts
        }
        XCTAssertEqual(try texts("control-center-small"), [], "one module shows the symbol alone")
        XCTAssertEqual(try texts("iphone-lock-control"), [])
        XCTAssertEqual(try texts("mac-menu-bar"), [])
        XCTAssertEqual(try texts("control-center-medium"), ["Espresso", "0 mg today"])
        XCTAssertEqual(try texts("action-button"), ["Espresso", "Log an Espresso"], "the Action button says what pressing does")
        let symbols = try host.control(kind: "LogEspresso", placement: "control-center-small", id: "symbol").render().root.allNodes()
            .compactMap(\.imageName)
        XCTAssertEqual(symbols, ["cup.and.saucer.fill"])
    }

    func testAPrivacySensitiveControlIsRedactedWhileLocked() throws {
        let host = try caffeineHost()
        let locked = try host.control(kind: "LogEspresso", placement: "control-center-locked").render()
        let redacted = locked.root.allNodes().filter { $0.redacted == true }
        XCTAssertEqual(redacted.count, 2, "title and value are hidden")
        XCTAssertEqual(locked.root.allNodes().compactMap(\.accessibilityLabel), ["Hidden while locked"])
        // The toggle is not privacy-sensitive: shown in full while locked.
        XCTAssertEqual(try host.control(kind: "DecafMode", placement: "control-center-locked").render().root.allNodes().filter { $0.redacted == true }.count, 0)
    }

    /// An intent-configured control that asks for its configuration: refused without one, and with
    /// one, its toggle's intent carries both the room and the value the tap asks for.
    func testAConfigurableControlNeedsItsConfigurationAndPassesItToItsIntent() throws {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable("WidgetGallery"), start: t0)
        addTeardownBlock { host.shutdown() }
        XCTAssertThrowsError(try host.control(kind: "Lamp")) { error in
            XCTAssertEqual(error as? HostError, .needsConfiguration(extensionID: "WidgetGallery", kind: "Lamp"))
        }
        let lamp = try host.control(kind: "Lamp", configuration: ["room": .string("Hall")])
        let off = try lamp.render()
        XCTAssertEqual(off.texts, ["Hall", "Off"])
        XCTAssertEqual(off.tapOutcome(.text("Hall")),
                       .toggle(intent: "WidgetGallery.SetLampIntent", parameters: ["room": .string("Hall"), "value": .bool(true)], turnsOn: true))
        XCTAssertEqual(try lamp.tap(.text("Hall")).final.texts, ["Hall", "On"])
    }
}
