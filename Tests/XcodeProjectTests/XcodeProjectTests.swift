import Foundation
import XCTest
@testable import XcodeProject

/// A target's members, settings and packages, read from the fixture project as Xcode reads them.
final class XcodeProjectTests: XCTestCase {
    private func project() throws -> XcodeProject { try XcodeProject(contentsOf: ProjectFixture.bundle) }

    private func relative(_ urls: [URL]) -> [String] {
        let root = ProjectFixture.folder.standardizedFileURL.path + "/"
        return urls.map { $0.path.hasPrefix(root) ? String($0.path.dropFirst(root.count)) : $0.path }
    }

    func testTargetsAndTheirKinds() throws {
        let project = try project()
        XCTAssertEqual(project.name, "TripPlanner")
        XCTAssertEqual(project.objectVersion, 77)
        XCTAssertEqual(project.targets.map(\.name), ["TripPlanner", "TripWidgetExtension"])
        XCTAssertEqual(project.target(named: "TripWidgetExtension")?.isAppExtension, true)
        XCTAssertEqual(project.target(named: "TripPlanner")?.isAppExtension, false)
        XCTAssertEqual(project.target(named: "TripPlanner")?.dependencies.map(\.name), ["TripWidgetExtension"])
    }

    /// The widget compiles the app's shared model (listed in both Sources phases), the file the
    /// app's synchronized folder shares with it by an exception, and its own synchronized folder but
    /// for the files its exception set takes out (Info.plist, a file that is not Swift).
    func testWidgetMembersFromPhasesSynchronizedFoldersAndExceptions() throws {
        let members = try XCTUnwrap(project().target(named: "TripWidgetExtension")).members()
        XCTAssertEqual(relative(members.sources), [
            "TripPlanner/Shared/Trip.swift", "SharedModels/Formatting.swift", "TripWidget/ChosenTripWidget.swift", "TripWidget/NextTripWidget.swift",
            "TripWidget/TripClip.swift", "TripWidget/TripFeed.swift", "TripWidget/TripIntents.intentdefinition", "TripWidget/TripWidgetBundle.swift",
        ], "an intent definition is compiled in the Sources phase, as Xcode does")
        XCTAssertEqual(relative(members.resources), [
            "TripPlanner/Assets.xcassets", "TripWidget/Assets.xcassets", "TripWidget/Destinations.json",
            "TripWidget/en.lproj/Localizable.strings", "TripWidget/en.lproj/Localizable.stringsdict",
        ],
                       "a file of the synchronized folder that is not a source is a resource")
        XCTAssertEqual(relative(members.missing), ["TripPlanner/Shared/TripSecrets.swift"], "listed, made by each developer")
        XCTAssertEqual(members.packageProducts.map(\.name), ["TripKit"])
        XCTAssertEqual(members.packageProducts.first?.package, .local(ProjectFixture.folder.appendingPathComponent("Packages/TripKit").standardizedFileURL))
    }

    /// The app has its synchronized folder but for the file it shares, which stays the app's too
    /// (an exception set names only the widget), and none of the widget's.
    func testAppMembers() throws {
        let members = try XCTUnwrap(project().target(named: "TripPlanner")).members()
        XCTAssertEqual(relative(members.sources), [
            "TripPlanner/TripPlannerApp.swift", "TripPlanner/MapScreen.swift", "TripPlanner/Shared/Trip.swift",
            "SharedModels/AppSettingsScreen.swift", "SharedModels/Formatting.swift",
        ])
    }

    func testBuildSettingsLayerProjectUnderTargetWithInherited() throws {
        let project = try project()
        let widget = try XCTUnwrap(project.target(named: "TripWidgetExtension"))
        XCTAssertEqual(project.configurationNames(of: widget).all, ["Debug", "Release"])
        XCTAssertEqual(project.configurationNames(of: widget).default, "Release")
        let debug = project.buildSettings(of: widget, configuration: "Debug")
        XCTAssertEqual(debug.words("SWIFT_ACTIVE_COMPILATION_CONDITIONS"), ["DEBUG", "FIXTURE_CONDITION"])
        XCTAssertEqual(debug.words("OTHER_SWIFT_FLAGS"), ["-D", "FIXTURE_DEFINE"])
        XCTAssertEqual(debug["PRODUCT_NAME"], "TripWidgetExtension", "$(TARGET_NAME) expanded")
        XCTAssertEqual(debug["IPHONEOS_DEPLOYMENT_TARGET"], "18.0", "from the project's level")
        let release = project.buildSettings(of: widget, configuration: "Release")
        XCTAssertEqual(release.words("SWIFT_ACTIVE_COMPILATION_CONDITIONS"), [])
    }

    func testXcconfigFilesIncludesAndConditionalSettings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "SWIFT_VERSION = 6.0 // a comment\nOTHER_SWIFT_FLAGS = -D BASE\n".write(to: folder.appendingPathComponent("Base.xcconfig"), atomically: true, encoding: .utf8)
        try """
            #include "Base.xcconfig"
            #include? "Missing.xcconfig"
            OTHER_SWIFT_FLAGS = $(inherited) -D SHARED
            SWIFT_VERSION[sdk=macosx*] = 4.2
            """.write(to: folder.appendingPathComponent("Shared.xcconfig"), atomically: true, encoding: .utf8)
        var settings = BuildSettings(values: [:])
        settings.layer(xcconfig: folder.appendingPathComponent("Shared.xcconfig"), depth: 0)
        XCTAssertEqual(settings["SWIFT_VERSION"], "6.0")
        XCTAssertEqual(settings.words("OTHER_SWIFT_FLAGS"), ["-D", "BASE", "-D", "SHARED"])
        XCTAssertEqual(settings.problems, [])
        settings.layer(xcconfig: folder.appendingPathComponent("Nowhere.xcconfig"), depth: 0)
        XCTAssertEqual(settings.problems.count, 1)
    }

    func testQuotedWordsAreSplitAsTheBuildSystemDoes() {
        XCTAssertEqual(BuildSettings.splitWords(#"-D A "-D" 'B C' plain"#), ["-D", "A", "-D", "B C", "plain"])
    }

    func testRemotePackageRequirements() throws {
        let text = """
            { objects = {
                P = { isa = PBXProject; targets = ( T ); packageReferences = ( R, L ); mainGroup = G; };
                G = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
                T = { isa = PBXNativeTarget; name = W; productType = "com.apple.product-type.app-extension"; packageProductDependencies = ( D1, D2, D3 ); };
                R = { isa = XCRemoteSwiftPackageReference; repositoryURL = "https://example.com/a/kit.git"; requirement = { kind = upToNextMajorVersion; minimumVersion = 1.2.0; }; };
                L = { isa = XCLocalSwiftPackageReference; relativePath = ../Shared; };
                D1 = { isa = XCSwiftPackageProductDependency; package = R; productName = Kit; };
                D2 = { isa = XCSwiftPackageProductDependency; package = L; productName = SharedKit; };
                D3 = { isa = XCSwiftPackageProductDependency; package = R; productName = "plugin:Lint"; };
            }; rootObject = P; }
            """
        let project = try XcodeProject(pbxproj: Data(text.utf8), bundle: URL(fileURLWithPath: "/work/App/App.xcodeproj"))
        let products = try XCTUnwrap(project.targets.first).members().packageProducts
        XCTAssertEqual(products, [
            PackageProduct(name: "Kit", package: .remote(url: "https://example.com/a/kit.git", requirement: .upToNextMajor("1.2.0"))),
            PackageProduct(name: "SharedKit", package: .local(URL(fileURLWithPath: "/work/Shared"))),
        ], "a build tool plugin links nothing")
    }

    func testNotAProjectAndMissingFilesAreNamed() {
        XCTAssertThrowsError(try XcodeProject(contentsOf: URL(fileURLWithPath: "/nonexistent/X.xcodeproj"))) { error in
            XCTAssertEqual(error as? XcodeProjectError, .missingProjectFile("/nonexistent/X.xcodeproj/project.pbxproj"))
        }
        XCTAssertThrowsError(try XcodeProject(pbxproj: Data("{ objects = { }; }".utf8), bundle: URL(fileURLWithPath: "/p/X.xcodeproj"))) { error in
            XCTAssertEqual(error as? XcodeProjectError, .notAProject("/p/X.xcodeproj/project.pbxproj", "rootObject is not a PBXProject"))
        }
    }

    /// A group that is its own ancestor (a hostile file) does not loop.
    func testCyclicGroupsEnd() throws {
        let text = """
            { objects = {
                P = { isa = PBXProject; targets = ( ); mainGroup = G; };
                G = { isa = PBXGroup; children = ( H ); path = a; sourceTree = "<group>"; };
                H = { isa = PBXGroup; children = ( G, F ); path = b; sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = f.swift; sourceTree = "<group>"; };
            }; rootObject = P; }
            """
        let project = try XcodeProject(pbxproj: Data(text.utf8), bundle: URL(fileURLWithPath: "/p/X.xcodeproj"))
        XCTAssertNil(project.location(of: "F"))
    }

    /// An app whose widget code lives in a package kept beside its project, both named by a workspace
    /// at the repository's root, two folders above the project: the package is found there, and a
    /// workspace that does not name the project is not read.
    func testPackagesOfAWorkspaceThatNamesTheProjectFromAbove() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bundle = root.appendingPathComponent("Client/App/App.xcodeproj")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ProjectFixture.pbxproj, to: bundle.appendingPathComponent("project.pbxproj"))
        for package in ["Client/Pkg", "Elsewhere"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(package), withIntermediateDirectories: true)
            try Data("// swift-tools-version:5.9\n".utf8).write(to: root.appendingPathComponent(package + "/Package.swift"))
        }
        func workspace(_ name: String, _ locations: [String]) throws {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let refs = locations.map { "<FileRef location = \"\($0)\"></FileRef>" }.joined(separator: "\n")
            try Data("<Workspace version = \"1.0\">\n\(refs)\n</Workspace>\n".utf8).write(to: folder.appendingPathComponent("contents.xcworkspacedata"))
        }
        try workspace("Top.xcworkspace", ["group:Client/App/App.xcodeproj", "container:Client/Pkg"])
        try workspace("Other.xcworkspace", ["group:Elsewhere"])
        let folders = try XcodeProject(contentsOf: bundle).localPackageFolders().map(\.lastPathComponent)
        XCTAssertTrue(folders.contains("Pkg"), "\(folders)")
        XCTAssertFalse(folders.contains("Elsewhere"), "a workspace two folders up that does not name the project")
    }
}
