import Foundation
import FoundationAdditions
import TipKit
import XCTest

/// What `widget-host import` respells for apps written against Apple's Objective-C runtime, and the
/// Foundation pieces those apps call (iCloud's key-value store), working here.
final class TargetActionTests: XCTestCase {
    /// As daysleft's CloudKeyValueDataProvider observes the key-value store (bravelocation/daysleft,
    /// `daysleft/Data Providers/CloudKeyValueDataProvider.swift`), once `#selector` is respelled.
    final class Listener {
        var received: [String] = []
        var pings = 0
        init(center: NotificationCenter) {
            center.addObserver(self, selector: Selector(Listener.changed(_:)), name: .init("changed"), object: nil)
        }
        /// `#selector(ping)`, named without its type inside the class: the reference is bound to
        /// this instance, which it therefore keeps (the only difference from Apple's runtime).
        func listenForPings(on center: NotificationCenter) {
            center.addObserver(self, selector: Selector(ping), name: .init("ping"), object: nil)
        }
        func changed(_ notification: Notification) { received.append(notification.userInfo?["key"] as? String ?? "?") }
        func ping() { pings += 1 }
    }

    func testSelectorsCallTheTargetsMethodUntilTheTargetIsGone() {
        let center = NotificationCenter()
        var listener: Listener? = Listener(center: center)
        center.post(name: .init("changed"), object: nil, userInfo: ["key": "theme"])
        center.post(name: .init("changed"), object: nil, userInfo: ["key": "start"])
        XCTAssertEqual(listener?.received, ["theme", "start"])
        let pinged = Listener(center: center)
        pinged.listenForPings(on: center)
        center.post(name: .init("ping"), object: nil)
        XCTAssertEqual(pinged.pings, 1)
        weak var gone = listener
        listener = nil
        center.post(name: .init("changed"), object: nil, userInfo: ["key": "late"])
        XCTAssertNil(gone, "the center holds its observer weakly, as Apple's does")
    }

    func testUbiquitousStoreKeepsValuesAcrossLaunches() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kvs-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: file) }
        let store = NSUbiquitousKeyValueStore(file: file)
        store.set("Christmas", forKey: "title")
        store.set(true, forKey: "weekdaysOnly")
        store.set(Int64(25), forKey: "day")
        XCTAssertTrue(store.synchronize())
        let relaunched = NSUbiquitousKeyValueStore(file: file)
        XCTAssertEqual(relaunched.string(forKey: "title"), "Christmas")
        XCTAssertTrue(relaunched.bool(forKey: "weekdaysOnly"))
        XCTAssertEqual(relaunched.longLong(forKey: "day"), 25)
        XCTAssertNil(relaunched.object(forKey: "missing"))
        try Data("not a property list".utf8).write(to: file)
        XCTAssertNil(NSUbiquitousKeyValueStore(file: file).object(forKey: "title"), "a damaged file reads as an empty store")
    }

    /// A tip as daysleft declares one (`daysleft/Tips/EditIntroTip.swift`): the names `Tip` gives its
    /// conformers and the `#Rule` macro compile, and the tip is never shown.
    struct CountdownTip: Tip {
        static let opened = Event(id: "opened")
        var title: Text { Text("Change the countdown") }
        var options: [TipOption] { [Tip.MaxDisplayCount(2)] }
        var rules: [Rule] {
            [
                #Rule(Self.opened) { $0.donations.count < 1 },
                #Rule(Self.opened) { $0.donations.donatedWithin(.week).count >= 3 },
            ]
        }
    }

    func testTipsCompileAsAppsWriteThemAndAreNotShown() {
        let tip = CountdownTip()
        XCTAssertEqual(tip.rules.count, 2)
        XCTAssertEqual(tip.options.count, 1)
        XCTAssertFalse(tip.shouldDisplay)
    }
}
