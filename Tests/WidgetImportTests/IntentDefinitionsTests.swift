import XCTest
@testable import WidgetImport

/// The classes generated from `.intentdefinition` files are named as Xcode names them.
final class IntentDefinitionsTests: XCTestCase {
    func testAnIntentsClassNameIsItsOwnWhenTheDefinitionGivesOne() {
        let named = IntentDefinitions.intentSource(["INIntentName": "Configuration", "INIntentClassName": "RingConfigurationIntent"])
        XCTAssertTrue(named.contains("open class RingConfigurationIntent: INIntent {"), named)
        XCTAssertTrue(named.contains("public enum RingConfigurationIntentResponseCode"), named)
        XCTAssertFalse(named.contains("class ConfigurationIntent"), "two definition files may each have a Configuration intent")

        let plain = IntentDefinitions.intentSource(["INIntentName": "Configuration"])
        XCTAssertTrue(plain.contains("open class ConfigurationIntent: INIntent {"), plain)
        XCTAssertEqual(IntentDefinitions.intentSource(["INIntentClassName": "not an identifier"]), "")
    }
}
