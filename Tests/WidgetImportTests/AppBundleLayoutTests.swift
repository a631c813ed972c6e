import Foundation
import XCTest
@testable import XcodeProject
@testable import WidgetImport

/// The extension's place in its app's bundle (`App.app/PlugIns/Widget.appex`), and a Flutter app's
/// assets where its build puts them.
final class AppBundleLayoutTests: XCTestCase {
    private var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    func testTheAppIsTheApplicationTargetThatEmbedsTheWidget() throws {
        let project = try XcodeProject(contentsOf: fixtures.appendingPathComponent("Trails/ios/Runner.xcodeproj"))
        let plan = try ImportPlanner(project: project, widgetHostPackage: ImportFixture.widgetHost)
            .plan(target: try WidgetTargetChoice.choose(in: project, named: nil))
        XCTAssertEqual(plan.appBundle.extensionPath, "Runner.app/PlugIns/TrailsWidgetExtension.appex")
        XCTAssertEqual(plan.appBundle.flutterAssets.map(\.path), ["assets/widget/trail.png"])
        XCTAssertEqual(plan.flutterPubspec?.lastPathComponent, "pubspec.yaml")
        XCTAssertTrue(plan.leftOut.contains("pubspec.yaml (the Flutter app's): asset assets/missing.png names nothing on disk (the Flutter build would stop)"),
                      "\(plan.leftOut)")
        let trips = try XcodeProject(contentsOf: ImportFixture.bundle)
        let tripPlan = try ImportPlanner(project: trips, widgetHostPackage: ImportFixture.widgetHost)
            .plan(target: try WidgetTargetChoice.choose(in: trips, named: nil))
        XCTAssertEqual(tripPlan.appBundle.extensionPath, "TripPlanner.app/PlugIns/TripWidgetExtension.appex")
        XCTAssertTrue(tripPlan.appBundle.flutterAssets.isEmpty, "not a Flutter app")
        XCTAssertNil(tripPlan.flutterPubspec)
    }

    func testPubspecAssetEntriesAsFlutterReadsThem() {
        let yaml = """
            name: app
            dependencies:
              assets:
                - not/flutter/  # another mapping's key of the same name
            flutter:
              uses-material-design: true
              assets:
                - assets/images/
                - "assets/data/table.json"   # quoted, with a comment
                - path: assets/premium/
                  flavors:
                    - premium
                - 'assets/single quoted.png'
              fonts:
                - family: Cinzel
            """
        XCTAssertEqual(FlutterAssets.declaredEntries(in: yaml),
                       ["assets/images/", "assets/data/table.json", "assets/premium/", "assets/single quoted.png"])
    }

    func testAFolderBringsItsFilesAndResolutionVariantsOnly() throws {
        let root = try temporaryFolder()
        let images = root.appendingPathComponent("assets/images")
        for file in ["a.png", "b.jpg", "2.0x/a.png", "3.0x/a.png", "nested/c.png", ".hidden"] {
            let url = images.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data([1]).write(to: url)
        }
        try Data([2]).write(to: root.appendingPathComponent("icon.png"))
        let pubspec = root.appendingPathComponent("pubspec.yaml")
        try Data("flutter:\n  assets:\n    - assets/images/\n    - icon.png\n    - ../outside.png\n    - gone/\n".utf8).write(to: pubspec)
        let found = FlutterAssets.assets(pubspec: pubspec)
        XCTAssertEqual(found.assets.map(\.path), ["assets/images/2.0x/a.png", "assets/images/3.0x/a.png", "assets/images/a.png", "assets/images/b.jpg", "icon.png"])
        XCTAssertEqual(found.assets.last?.source, root.appendingPathComponent("icon.png"))
        XCTAssertEqual(found.missing, ["../outside.png", "gone/"], "nothing outside the project is taken")
    }

    func testTheLayoutHoldsTheExecutableItsResourcesAndTheFlutterAssets() throws {
        let root = try temporaryFolder()
        let bin = root.appendingPathComponent("bin")
        let own = bin.appendingPathComponent("Trails_TrailsWidget.resources")
        try FileManager.default.createDirectory(at: own.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: own.appendingPathComponent("Data.json"))
        try Data("\"a\" = \"b\";".utf8).write(to: own.appendingPathComponent("en.lproj/Localizable.strings"))
        try Data("<plist/>".utf8).write(to: own.appendingPathComponent("en.lproj/Localizable.stringsdict"))
        try FileManager.default.createDirectory(at: bin.appendingPathComponent("Trails_Shared.resources"), withIntermediateDirectories: true)
        let executable = bin.appendingPathComponent("TrailsWidget")
        try Data("binary".utf8).write(to: executable)
        let asset = root.appendingPathComponent("trail.png")
        try Data([7]).write(to: asset)

        var plan = ImportPlan(projectName: "Runner", targetName: "Trails", configuration: "Debug",
                              modules: [ImportedModule(name: "TrailsWidget", isExecutable: true)], widgetHostPackage: root)
        plan.infoPlist = Data("<plist version=\"1.0\"><dict/></plist>".utf8)
        plan.appBundle = AppBundlePlan(appName: "Runner", extensionName: "TrailsWidgetExtension",
                                       flutterAssets: [FlutterAsset(source: asset, path: "assets/widget/trail.png")])
        let products = root.appendingPathComponent("Products")
        let placed = try AppBundleLayout.make(plan, executable: executable, bin: bin, products: products)
        let appex = products.appendingPathComponent("Runner.app/PlugIns/TrailsWidgetExtension.appex")
        XCTAssertEqual(placed, appex.appendingPathComponent("TrailsWidget"))
        XCTAssertEqual(try Data(contentsOf: placed), Data("binary".utf8))
        XCTAssertEqual(try Data(contentsOf: appex.appendingPathComponent("Resources/Info.plist")), plan.infoPlist)
        XCTAssertEqual(try Data(contentsOf: appex.appendingPathComponent("Resources/Data.json")), Data("x".utf8))
        XCTAssertTrue(FileManager.default.fileExists(atPath: appex.appendingPathComponent("Resources/en.lproj/Localizable.strings").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: appex.appendingPathComponent("Resources/en.lproj/Localizable.stringsdict").path),
                       "Linux's Foundation stops on their plural rules")
        XCTAssertTrue(FileManager.default.fileExists(atPath: appex.appendingPathComponent("Trails_Shared.resources").path))
        let laidOut = products.appendingPathComponent("Runner.app/Frameworks/App.framework/flutter_assets/assets/widget/trail.png")
        XCTAssertEqual(try Data(contentsOf: laidOut), Data([7]))

        // Made again (a second import), it replaces what was there.
        try Data("rebuilt".utf8).write(to: executable.appendingPathExtension("new"))
        try FileManager.default.removeItem(at: executable)
        try FileManager.default.moveItem(at: executable.appendingPathExtension("new"), to: executable)
        plan.appBundle.flutterAssets = []
        _ = try AppBundleLayout.make(plan, executable: executable, bin: bin, products: products)
        XCTAssertEqual(try Data(contentsOf: placed), Data("rebuilt".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: laidOut.path))
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("app-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
