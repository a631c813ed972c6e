import XCTest
@testable import WidgetImport

/// Key-value observing as apps write it for the Objective-C runtime, respelled for a build without one.
final class KeyValueObservingSourceTests: XCTestCase {
    func testKeyPathsBecomeTheirStrings() throws {
        let text = """
            item.addObserver(self, forKeyPath: #keyPath(AVPlayerItem.status ), options: [.new], context: nil)
            let nested = #keyPath(Queue.player.currentItem)
            let bare = #keyPath(volume)
            let note = "#keyPath(Kept.inString)" // #keyPath(Kept.inComment)
            """
        let out = try XCTUnwrap(KeyValueObservingSource.resolve(text)).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(out.count, 4, "no conformance added: nothing overrides observeValue")
        XCTAssertEqual(out[0], #"item.addObserver(self, forKeyPath: "status", options: [.new], context: nil)"#)
        XCTAssertEqual(out[1], #"let nested = "player.currentItem""#)
        XCTAssertEqual(out[2], #"let bare = "volume""#)
        XCTAssertEqual(out[3], ##"let note = "#keyPath(Kept.inString)" // #keyPath(Kept.inComment)"##)
    }

    func testAnObserverThatInheritsNSObjectDirectlyIsRespelledAndDeclared() throws {
        let text = """
            class Thumbnailer: NSObject {
                override public func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    if keyPath == "status" { return }
                    super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                }
                override var description: String { "thumbnailer" }
            }
            """
        let out = try XCTUnwrap(KeyValueObservingSource.resolve(text)).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(out.count, 8, "one line added, after the original's own")
        XCTAssertEqual(out[1], "    public func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {")
        XCTAssertEqual(out[3], "        unhandledObservation(forKeyPath: keyPath, of: object, change: change, context: context)")
        XCTAssertEqual(out[5], #"    override var description: String { "thumbnailer" }"#, "other overrides are kept")
        XCTAssertEqual(out[7], "extension Thumbnailer: FoundationAdditions.KeyValueObserving {}")
    }

    func testNestedObserversAreQualifiedAndUIKitSubclassesKeepTheirOverride() throws {
        let text = """
            enum Camera {
                final class Stream<Frame>: NSObject {
                    func start() { let k = 1 }
                    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
                }
            }
            class PlayerScreen: UIViewController {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                }
            }
            """
        let out = try XCTUnwrap(KeyValueObservingSource.resolve(text)).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(out[3].hasPrefix("        func observeValue(forKeyPath"), String(out[3]))
        XCTAssertTrue(out[7].hasPrefix("    override func observeValue(forKeyPath"), "UIKit's classes have the method: \(out[7])")
        XCTAssertEqual(out[8], "        super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)")
        XCTAssertEqual(out.last, "extension Camera.Stream: FoundationAdditions.KeyValueObserving {}")
        XCTAssertEqual(out.filter { $0.hasPrefix("extension") }.count, 1)
    }

    func testTextWithoutObservingIsLeftAlone() {
        XCTAssertNil(KeyValueObservingSource.resolve("let observeValue = 1 // #keyPath(A.b)\n"))
        XCTAssertNil(KeyValueObservingSource.resolve("class A: NSObject {\n    override func observeValue(forKey key: String) {}\n}\n"),
                     "only the key-path observer method is respelled")
    }
}
