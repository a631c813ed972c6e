import XCTest
@testable import WidgetImport

/// `#selector` and `@objc` respelled for a build with no Objective-C runtime.
final class ObjectiveCSelectorsTests: XCTestCase {
    func testSelectorsBecomeMethodReferencesAndAttributesGo() throws {
        let text = """
            center.addObserver(self, selector: #selector( Provider.changed(_:)), name: .x, object: nil)
            @objc private func changed(_ n: Notification) {}
            @objc(refreshWith:) func refresh(_ s: String) {}
            let note = "#selector(kept) in a string" // @objc in a comment
            """
        let out = try XCTUnwrap(ObjectiveCSelectors.resolve(text)).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(out.count, 4)
        XCTAssertEqual(out[0], "center.addObserver(self, selector: Selector(Provider.changed(_:)), name: .x, object: nil)")
        XCTAssertEqual(out[1], "private func changed(_ n: Notification) {}")
        XCTAssertEqual(out[2], "func refresh(_ s: String) {}")
        XCTAssertEqual(out[3], ##"let note = "#selector(kept) in a string" // @objc in a comment"##)
        XCTAssertNil(ObjectiveCSelectors.resolve("let selector = 1 // #selector\n"))
    }
}
