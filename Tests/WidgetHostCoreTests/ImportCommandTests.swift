import Foundation
import XCTest

/// `widget-host import` as an author runs it on an Xcode project: the fixture project in
/// `Tests/Fixtures/TripPlanner` (a widget target sharing the app's files, synchronized folders with
/// exception sets, an intent definition, a local package whose views import SwiftUI, a chart, a
/// SwiftData model, asset symbols and a JPEG) imported, built and previewed with real processes.
final class ImportCommandTests: XCTestCase {
    struct Output { var status: Int32; var stdout: String; var stderr: String }

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    private var fixture: URL { repository.appendingPathComponent("Tests/Fixtures/TripPlanner/TripPlanner.xcodeproj") }

    private func widgetHost(_ args: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltProducts.executable("widget-host"))
        process.arguments = args
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stderrData = LockedList<Data>()
        let reader = Thread { stderrData.append(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while stderrData.values.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderrData.values.first ?? Data(), as: UTF8.self))
    }

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
        XCTAssertTrue(FileManager.default.fileExists(atPath: preview.appendingPathComponent("index.html").path))

        let next = try String(contentsOf: preview.appendingPathComponent("NextTrip/systemMedium/entry-0.json"), encoding: .utf8)
        XCTAssertTrue(next.contains("\"Oslo\""), "the SwiftData store's first trip by start date")
        XCTAssertTrue(next.contains("\"3 legs\""), "a helper from the app's synchronized folder, shared by an exception")
        XCTAssertTrue(next.contains("\"in 12 days\""), "the local package, its SwiftUI view compiled against this package")
        XCTAssertTrue(next.contains("\"built with both conditions\""), "SWIFT_ACTIVE_COMPILATION_CONDITIONS and OTHER_SWIFT_FLAGS -D")
        XCTAssertTrue(next.contains("\"Kyoto\""), "the chart's category axis names the second trip")

        let chosen = try String(contentsOf: preview.appendingPathComponent("ChosenTrip/systemSmall/entry-0.json"), encoding: .utf8)
        XCTAssertTrue(chosen.contains("\"Chosen: Lisbon\""), "the intent class generated from the .intentdefinition, with its default")
        XCTAssertTrue(chosen.contains("\"detailed view\""), "the enum parameter's default")
        XCTAssertTrue(chosen.contains("\"7 days ahead\""))

        let marker = try String(contentsOf: package.appendingPathComponent(".widget-host-import"), encoding: .utf8)
        XCTAssertTrue(marker.hasPrefix("TripPlanner.xcodeproj, target TripWidgetExtension"))
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertFalse(manifest.contains("NotInTheTarget.swift"), "excepted from the widget's synchronized folder")
        XCTAssertFalse(manifest.contains("AppSettingsScreen.swift"), "the app's, not shared with the widget")
        XCTAssertFalse(manifest.contains("TripPlannerApp.swift"))
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
