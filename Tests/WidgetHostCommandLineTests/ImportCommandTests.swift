import Foundation
import HostTestSupport
import WidgetRender
import XCTest

/// `widget-host import` as an author runs it on an Xcode project: the fixture project in
/// `Tests/Fixtures/TripPlanner` (a widget target sharing the app's files, synchronized folders with
/// exception sets, an intent definition, a local package whose views import SwiftUI, a chart, a
/// SwiftData model, asset symbols, a JPEG, and app code observing an AVFoundation player the
/// Objective-C way) imported, built and previewed with real processes.
final class ImportCommandTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    private var fixture: URL { repository.appendingPathComponent("Tests/Fixtures/TripPlanner/TripPlanner.xcodeproj") }

    /// The package is kept under `.build` between runs (an import writes over its own earlier
    /// output), so that only the first run builds this package's modules again for it.
    func testImportBuildsAndPreviewsTheFixtureProject() throws {
        let package = repository.appendingPathComponent(".build/import-fixture")
        let preview = try temporaryDirectory(self).appendingPathComponent("preview")
        let r = try widgetHost(["import", fixture.path, "--out", package.path, "--preview", preview.path])
        XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
        XCTAssertTrue(r.stdout.contains("target TripWidgetExtension (Debug)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("generated TripIntentsIntents.swift"), r.stdout)
        XCTAssertTrue(r.stdout.contains("library TripKit: 2 Swift files"), "the local package's views are compiled here: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("library TripStyle: 2 Swift files, 0 resources, Swift 6 (compiled in Swift 5 mode"),
                      "and those of the local package it depends on, whose Swift 6 code builds as against Apple's Foundation: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("respelled in 1 file"), "Darwin.round in the shared Formatting.swift: \(r.stdout)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: preview.appendingPathComponent("index.html").path))

        let next = try String(contentsOf: preview.appendingPathComponent("NextTrip/systemMedium/entry-0.json"), encoding: .utf8)
        XCTAssertTrue(next.contains("\"Oslo\""), "the SwiftData store's first trip by start date")
        XCTAssertTrue(next.contains("\"3 legs\""), "a helper from the app's synchronized folder, shared by an exception")
        XCTAssertTrue(next.contains("\"in 12 days\""), "the local package, its SwiftUI view compiled against this package")
        XCTAssertTrue(next.contains("\"#8c4033ff\""), "the local package's own colour set, read through its Bundle.module")
        XCTAssertTrue(next.contains("\"built with both conditions\""), "SWIFT_ACTIVE_COMPILATION_CONDITIONS and OTHER_SWIFT_FLAGS -D")
        XCTAssertTrue(next.contains("\"Kyoto\""), "the chart's category axis names the second trip")
        XCTAssertTrue(next.contains("\"Welcome to Oslo\""), "a view's stored default and computed property use a main-actor model")

        // The image sets are drawn from their own pixels: the JPEG's orange sky at its top, the PDF's green disc.
        let png = try PNGDecoder.decode([UInt8](Data(contentsOf: preview.appendingPathComponent("NextTrip/systemMedium/entry-0.png"))))
        let tree = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(next.utf8)) as? [String: Any])
        let scale = try XCTUnwrap((tree["scale"] as? NSNumber)?.doubleValue)
        func colour(ofImage name: String, atX dx: Double, y dy: Double) throws -> [UInt8] {
            let frame = try XCTUnwrap(Self.frame(ofImage: name, in: tree), "no image \(name) in the render tree")
            let x = Int((frame.x + dx) * scale), y = Int((frame.y + dy) * scale)
            return Array(png.rgba[(y * png.width + x) * 4..<(y * png.width + x) * 4 + 4])
        }
        let sky = try colour(ofImage: "Skyline", atX: 10, y: 2)
        XCTAssertTrue(sky[0] > 230 && (120...170).contains(sky[1]) && sky[2] < 70, "the JPEG's sky: \(sky)")
        let disc = try colour(ofImage: "Compass", atX: 10, y: 10)
        XCTAssertTrue(disc[0] < 20 && (140...165).contains(disc[1]) && (65...90).contains(disc[2]), "the PDF's disc: \(disc)")

        let chosen = try String(contentsOf: preview.appendingPathComponent("ChosenTrip/systemLarge/entry-0.json"), encoding: .utf8)
        XCTAssertTrue(chosen.contains("\"Chosen: Lisbon\""), "the intent class generated from the .intentdefinition, with its default")
        XCTAssertTrue(chosen.contains("\"detailed view\""), "the enum parameter's default")
        XCTAssertTrue(chosen.contains("\"7 days ahead\""))
        XCTAssertTrue(chosen.contains("\"next: Porto, Lima\""), "XMLParser with import Foundation alone, as on iOS")
        XCTAssertTrue(chosen.contains("\"Trips in group.com.example.TripPlanner.TripWidget\""),
                      "Bundle.main reads the target's Info.plist, its INFOPLIST_KEY_ settings and $(PRODUCT_BUNDLE_IDENTIFIER) expanded: \(chosen)")
        XCTAssertTrue(chosen.contains("\"3 destinations\""),
                      "Bundle.main finds the widget's own JSON, and NSLocalizedString its en.lproj strings: \(chosen)")
        XCTAssertTrue(chosen.contains("\"1 feed change\""), "a listener registered with #selector and @objc hears the notification")
        XCTAssertTrue(r.stdout.contains("#selector and @objc respelled for Swift method references"), r.stdout)
        XCTAssertTrue(chosen.contains("\"clip failed\""),
                      "an observer of AVPlayerItem.status (#keyPath, an override of observeValue) hears the item fail, as nothing plays here")
        XCTAssertTrue(r.stdout.contains("key-value observing (#keyPath, observeValue overrides of NSObject's) respelled for Swift (no Objective-C runtime here) in 1 file"), r.stdout)
        XCTAssertTrue(chosen.contains("\"key demo-key\""), "TripSecrets.swift, missing, compiled from the repository's template")
        XCTAssertTrue(r.stdout.contains("TripPlanner/Shared/TripSecrets.swift: not on disk (each developer makes it); compiled from the repository's template TripPlanner/Shared/TripSecrets.swift.template"), r.stdout)
        XCTAssertTrue(chosen.contains("\"trips.count\""),
                      "a .stringsdict is left out of the main bundle (Linux's Foundation stops on its plural rules): the key shows, no crash")
        XCTAssertTrue(chosen.contains("\"#553366ff\""), "Color.Palette.dusk: a colour in a folder that provides a namespace")

        let marker = try String(contentsOf: package.appendingPathComponent(".widget-host-import"), encoding: .utf8)
        XCTAssertTrue(marker.hasPrefix("TripPlanner.xcodeproj, target TripWidgetExtension"))
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertFalse(manifest.contains("NotInTheTarget.swift"), "excepted from the widget's synchronized folder")
        XCTAssertFalse(manifest.contains("AppSettingsScreen.swift"), "the app's, not shared with the widget")
        XCTAssertFalse(manifest.contains("TripPlannerApp.swift"))
    }

    /// `Tests/Fixtures/Groceries`: a widget reading the app group's Core Data store through the app's
    /// stack, with a class Xcode generates from the model and one the app keeps with `@NSManaged`.
    /// The store is seeded as the app would have left it; the widget shows what it fetched.
    func testImportBuildsAndPreviewsACoreDataWidget() throws {
        let project = repository.appendingPathComponent("Tests/Fixtures/Groceries/Groceries.xcodeproj")
        let package = repository.appendingPathComponent(".build/import-groceries")
        let preview = try temporaryDirectory(self).appendingPathComponent("preview")
        let group = preview.appendingPathComponent(".store/GroceriesWidgetExtension/data/AppGroups/group.com.example.groceries")
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
        let seed = """
            { "WidgetHostCoreDataStore": 1,
              "entities": {
                "ShoppingList": {
                  "old": { "name": "Last week", "createdAt": "2026-01-03T10:00:00Z", "items": ["GroceryItem/tea"] },
                  "weekend": { "name": "Weekend", "createdAt": "2026-01-10T10:00:00Z",
                               "items": ["GroceryItem/milk", "GroceryItem/eggs", "GroceryItem/bread"] } },
                "GroceryItem": {
                  "milk": { "name": "Milk", "quantity": 2, "addedAt": "2026-01-10T09:00:00Z", "list": "ShoppingList/weekend" },
                  "eggs": { "name": "Eggs", "quantity": 12, "addedAt": "2026-01-10T08:00:00Z", "list": "ShoppingList/weekend" },
                  "bread": { "name": "Bread", "done": true, "addedAt": "2026-01-10T07:00:00Z", "list": "ShoppingList/weekend" },
                  "tea": { "name": "Tea", "list": "ShoppingList/old" } } } }
            """
        try Data(seed.utf8).write(to: group.appendingPathComponent("Groceries.sqlite"))
        let r = try widgetHost(["import", project.path, "--out", package.path, "--preview", preview.path])
        XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
        XCTAssertTrue(r.stdout.contains("generated CoreData/ShoppingList+CoreDataClass.swift"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Shared/GroceryItem+CoreDataProperties.swift: compiled as the rewritten Generated/CoreData/GroceryItem+CoreDataProperties.rewritten.swift"), r.stdout)
        XCTAssertTrue(r.stdout.contains("imports SwiftUI, WidgetKit, CoreData"), r.stdout)

        let entry = try String(contentsOf: preview.appendingPathComponent("Groceries/systemSmall/entry-0.json"), encoding: .utf8)
        XCTAssertTrue(entry.contains("\"Weekend\""), "the newest list, by a sort descriptor on the generated class: \(entry)")
        XCTAssertTrue(entry.contains("\"2 of 3 to buy\""), "a predicate on a relationship and a Bool, and the to-many relationship's count")
        let eggs = try XCTUnwrap(entry.range(of: "Eggs")), milk = try XCTUnwrap(entry.range(of: "Milk"))
        XCTAssertLessThan(eggs.lowerBound, milk.lowerBound, "sorted by a key path to the rewritten @NSManaged property")
        XCTAssertFalse(entry.contains("Bread"), "done")
        XCTAssertFalse(entry.contains("Tea"), "on the other list")
    }

    /// A Flutter app (`Tests/Fixtures/Trails`): its Xcode project is `ios/Runner.xcodeproj`, its
    /// widget reads an asset the Flutter build puts in the app bundle, found from its own `.appex`.
    func testImportLaysOutAFlutterAppsBundleAndItsAssets() throws {
        let project = repository.appendingPathComponent("Tests/Fixtures/Trails/ios/Runner.xcodeproj")
        let package = repository.appendingPathComponent(".build/import-trails")
        let preview = try temporaryDirectory(self).appendingPathComponent("preview")
        let r = try widgetHost(["import", project.path, "--out", package.path, "--preview", preview.path])
        XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
        XCTAssertTrue(r.stdout.contains("Flutter app: 1 asset declared in"), r.stdout)
        XCTAssertTrue(r.stdout.contains("pubspec.yaml (the Flutter app's): asset assets/missing.png names nothing on disk"), r.stdout)
        XCTAssertTrue(r.stdout.contains("laid out as on the device: \(package.path)/Products/Runner.app/PlugIns/TrailsWidgetExtension.appex"), r.stdout)

        let json = try String(contentsOf: preview.appendingPathComponent("Trails/systemSmall/entry-0.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"in TrailsWidgetExtension.appex\""), "Bundle.main is the extension's .appex: \(json)")
        XCTAssertTrue(json.contains("\"Ridge loop\""))
        // The asset, a 4-bit palette PNG with a transparent border, is drawn from its own pixels.
        let png = try PNGDecoder.decode([UInt8](Data(contentsOf: preview.appendingPathComponent("Trails/systemSmall/entry-0.png"))))
        let tree = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let scale = try XCTUnwrap((tree["scale"] as? NSNumber)?.doubleValue)
        let frame = try XCTUnwrap(Self.frame(ofNode: { $0["role"] as? String == "image" }, in: tree), "no image in \(json)")
        func colour(atX dx: Double, y dy: Double) -> [UInt8] {
            let x = Int((frame.x + dx) * scale), y = Int((frame.y + dy) * scale)
            return Array(png.rgba[(y * png.width + x) * 4..<(y * png.width + x) * 4 + 3])
        }
        XCTAssertEqual(colour(atX: 24, y: 24), [230, 120, 40], "the palette's orange")
        XCTAssertEqual(colour(atX: 2, y: 2), [0, 0, 0], "the transparent border shows the black background")
    }

    /// The frame of the first image node named `name`, from a render tree's JSON.
    private static func frame(ofImage name: String, in node: [String: Any]) -> (x: Double, y: Double)? {
        frame(ofNode: { $0["imageName"] as? String == name }, in: node)
    }

    /// The frame of the first node that `matches`, from a render tree's JSON.
    private static func frame(ofNode matches: ([String: Any]) -> Bool, in node: [String: Any]) -> (x: Double, y: Double)? {
        if matches(node), let frame = node["frame"] as? [String: Any],
           let x = (frame["x"] as? NSNumber)?.doubleValue, let y = (frame["y"] as? NSNumber)?.doubleValue {
            return (x, y)
        }
        for child in (node["root"] as? [String: Any]).map({ [$0] }) ?? node["children"] as? [[String: Any]] ?? [] {
            if let found = frame(ofNode: matches, in: child) { return found }
        }
        return nil
    }

    func testErrorsNameTheProjectTargetOrFiles() throws {
        let out = try temporaryDirectory(self)
        let usage = try widgetHost(["import", "--out", out.path])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("import needs the project"), usage.stderr)
        let notProject = try widgetHost(["import", "/nonexistent/App.xcodeproj", "--out", out.path])
        XCTAssertEqual(notProject.status, 1)
        XCTAssertTrue(notProject.stderr.contains("/nonexistent/App.xcodeproj/project.pbxproj: no such file"), notProject.stderr)
        let noTarget = try widgetHost(["import", fixture.path, "--target", "Watch", "--out", out.appendingPathComponent("a").path])
        XCTAssertEqual(noTarget.status, 1)
        XCTAssertTrue(noTarget.stderr.contains("no target named Watch; the project's targets: TripPlanner, TripWidgetExtension"), noTarget.stderr)
        let app = try widgetHost(["import", fixture.path, "--target", "TripPlanner", "--out", out.appendingPathComponent("b").path])
        XCTAssertEqual(app.status, 0, app.stderr)
        XCTAssertTrue(app.stdout.contains("TripPlanner/MapScreen.swift: imports MapKit, with no Linux version here"), app.stdout)

        let occupied = out.appendingPathComponent("occupied")
        try FileManager.default.createDirectory(at: occupied, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: occupied.appendingPathComponent("notes.txt"))
        let refused = try widgetHost(["import", fixture.path, "--out", occupied.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("exists and was not made by widget-host import"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: occupied.appendingPathComponent("notes.txt"), encoding: .utf8), "mine", "left as it was")
    }
}
