import Foundation
import XCTest
@testable import XcodeProject
@testable import WidgetImport

/// What `import` makes of a project's widget target, before anything is built.
final class ImportPlanTests: XCTestCase {
    private func plan(_ project: XcodeProject, target: String? = nil) throws -> ImportPlan {
        let target = try WidgetTargetChoice.choose(in: project, named: target)
        return try ImportPlanner(project: project, widgetHostPackage: ImportFixture.widgetHost).plan(target: target)
    }

    func testTheFixturesWidgetTarget() throws {
        let plan = try plan(XcodeProject(contentsOf: ImportFixture.bundle))
        XCTAssertEqual(plan.targetName, "TripWidgetExtension")
        XCTAssertEqual(plan.configuration, "Debug")
        let module = try XCTUnwrap(plan.modules.first)
        XCTAssertTrue(module.isExecutable)
        XCTAssertEqual(module.name, "TripWidgetExtension")
        XCTAssertEqual(module.sources.map(\.lastPathComponent), ["Trip.swift", "ChosenTripWidget.swift", "NextTripWidget.swift"],
                       "Formatting.swift, TripFeed.swift and TripClip.swift are compiled as copies: they name Darwin.round, #selector and #keyPath")
        XCTAssertEqual(module.frameworks, ["SwiftUI", "WidgetKit", "Intents", "OSLog", "Charts", "SwiftData", "CoreGraphics", "AVKit"])
        XCTAssertEqual(module.settings.defines, ["DEBUG", "FIXTURE_CONDITION", "FIXTURE_DEFINE"])
        XCTAssertEqual(module.settings.languageMode, "5")
        XCTAssertEqual(Set(module.generated.keys), [
            "GeneratedAssetSymbols.swift", "TripIntentsIntents.swift", "Platform/TripWidgetBundle.resolved.swift", "Platform/Formatting.resolved.swift",
            "Templates/TripSecrets.resolved.swift", "Platform/TripFeed.resolved.swift", "Platform/TripClip.resolved.swift",
        ], "TripSecrets.swift is missing and has a template")
        XCTAssertEqual(plan.platform, "iOS")
        XCTAssertEqual(plan.platformResolved, ["TripWidget/TripWidgetBundle.swift"])
        XCTAssertEqual(plan.modulesRespelled, ["SharedModels/Formatting.swift"])
        XCTAssertEqual(plan.selectorsRespelled, ["TripWidget/TripFeed.swift"])
        XCTAssertEqual(plan.keyValueObservingRespelled, ["TripWidget/TripClip.swift"])
        let info = try XCTUnwrap(PropertyListSerialization.propertyList(from: XCTUnwrap(plan.infoPlist), format: nil) as? [String: Any])
        XCTAssertEqual(info["CFBundleIdentifier"] as? String, "com.example.TripPlanner.TripWidget")
        XCTAssertEqual(info["CFBundleName"] as? String, "TripWidgetExtension", "PRODUCT_NAME = $(TARGET_NAME)")
        XCTAssertEqual(info["CFBundleDisplayName"] as? String, "Trips", "from INFOPLIST_KEY_CFBundleDisplayName")
        XCTAssertEqual(info["TripAppGroup"] as? String, "group.com.example.TripPlanner.TripWidget", "the file's own key, expanded")
        XCTAssertNotNil((info["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"])
        XCTAssertEqual(Set(module.resources.map(\.lastPathComponent)),
                       ["Assets.xcassets", "Destinations.json", "Localizable.strings", "Localizable.stringsdict"])
        // TripKit's views import SwiftUI: its targets are compiled here, not the package as it is.
        // So are those of TripStyle, the local package TripKit depends on by path (the project names only TripKit).
        XCTAssertEqual(plan.localPackages, [])
        XCTAssertEqual(plan.modules.map(\.name), ["TripWidgetExtension", "TripKitCore", "TripKit", "TripStyle"])
        XCTAssertEqual(module.moduleDependencies, ["TripKit"])
        XCTAssertEqual(module.packageProducts, [])
        XCTAssertEqual(plan.modules[2].moduleDependencies, ["TripKitCore", "TripStyle"])
        XCTAssertEqual(plan.modules[2].packageProducts, [])
        XCTAssertEqual(plan.modules[2].frameworks, ["SwiftUI"])
        XCTAssertEqual(plan.modules[1].frameworks, [])
        XCTAssertEqual(plan.modules[3].frameworks, ["SwiftUI"])
        // TripKit's asset catalog is a resource SwiftPM takes without being told: it stays one, so that
        // the module has its `Bundle.module`.
        XCTAssertEqual(plan.modules[2].resources.map(\.lastPathComponent), ["Media.xcassets"])
        // …and its `ColorResource` symbols are generated, as Xcode does for a package's catalog.
        XCTAssertTrue(plan.modules[2].generated["GeneratedAssetSymbols.swift"]?.contains("static let badgeInk = ColorResource(name: \"BadgeInk\"") ?? false)
        XCTAssertEqual(plan.leftOut, [
            "TripPlanner/Shared/TripSecrets.swift: not on disk (each developer makes it); compiled from the repository's template "
                + "TripPlanner/Shared/TripSecrets.swift.template as Generated/Templates/TripSecrets.resolved.swift",
        ])
    }

    func testTargetChoiceErrorsListTheTargets() throws {
        let project = try XcodeProject(contentsOf: ImportFixture.bundle)
        XCTAssertThrowsError(try WidgetTargetChoice.choose(in: project, named: "Nope")) { error in
            XCTAssertEqual(error as? ImportError, .noSuchTarget("Nope", available: ["TripPlanner", "TripWidgetExtension"]))
        }
        XCTAssertEqual(try WidgetTargetChoice.choose(in: project, named: "TripPlanner").name, "TripPlanner", "an explicit choice is taken")
        let several = try projectWithTwoWidgetTargets()
        XCTAssertThrowsError(try WidgetTargetChoice.choose(in: several, named: nil)) { error in
            XCTAssertEqual(error as? ImportError, .severalWidgetTargets(["PhoneWidgets", "WatchWidgets"]))
            XCTAssertTrue("\(error)".contains("choose one with --target"))
        }
    }

    /// Importing the app target: one file imports MapKit, which has no Linux version; it is left out,
    /// named with the framework and the line importing it.
    func testAFileImportingAFrameworkWithNoLinuxVersionIsLeftOutAndNamed() throws {
        let project = try XcodeProject(contentsOf: ImportFixture.bundle)
        let plan = try plan(project, target: "TripPlanner")
        XCTAssertEqual(plan.unavailableFrameworks, ["MapKit": ["TripPlanner/MapScreen.swift:2"]])
        XCTAssertTrue(plan.leftOut.contains("TripPlanner/MapScreen.swift: imports MapKit, with no Linux version here"), "\(plan.leftOut)")
        XCTAssertFalse(plan.modules[0].sources.map(\.lastPathComponent).contains("MapScreen.swift"))
    }

    /// A widget whose every file needs such a framework cannot be brought: the error names them.
    func testAWidgetLeftWithNoFileIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weather-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "import WidgetKit\nimport WeatherKit\n".write(to: folder.appendingPathComponent("W.swift"), atomically: true, encoding: .utf8)
        let text = """
            { objects = {
                P = { isa = PBXProject; targets = ( T ); mainGroup = G; };
                G = { isa = PBXGroup; children = ( F ); sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = W.swift; sourceTree = "<group>"; };
                B = { isa = PBXBuildFile; fileRef = F; };
                S = { isa = PBXSourcesBuildPhase; files = ( B ); };
                T = { isa = PBXNativeTarget; name = W; productType = "com.apple.product-type.app-extension"; buildPhases = ( S ); };
            }; rootObject = P; }
            """
        let project = try XcodeProject(pbxproj: Data(text.utf8), bundle: folder.appendingPathComponent("X.xcodeproj"))
        XCTAssertThrowsError(try plan(project)) { error in
            XCTAssertEqual(error as? ImportError, .unavailableFrameworks(["WeatherKit": ["W.swift:2"]]))
        }
    }

    func testAMissingSwiftFileIsNamed() throws {
        let text = """
            { objects = {
                P = { isa = PBXProject; targets = ( T ); mainGroup = G; };
                G = { isa = PBXGroup; children = ( F ); sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = Gone.swift; sourceTree = "<group>"; };
                B = { isa = PBXBuildFile; fileRef = F; };
                S = { isa = PBXSourcesBuildPhase; files = ( B ); };
                T = { isa = PBXNativeTarget; name = W; productType = "com.apple.product-type.app-extension"; buildPhases = ( S ); };
            }; rootObject = P; }
            """
        let project = try XcodeProject(pbxproj: Data(text.utf8), bundle: ImportFixture.folder.appendingPathComponent("X.xcodeproj"))
        XCTAssertThrowsError(try plan(project, target: "W")) { error in
            XCTAssertEqual(error as? ImportError, .missingFiles(target: "W", ["Gone.swift"]))
        }
    }

    /// A remote product the project links but no file of the widget imports is left out (building it
    /// would only need the network); one a file imports stays.
    func testRemoteProductsNoFileImportsAreLeftOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "import WidgetKit\nimport Lottie\n".write(to: folder.appendingPathComponent("W.swift"), atomically: true, encoding: .utf8)
        let text = """
            { objects = {
                P = { isa = PBXProject; targets = ( T ); mainGroup = G; packageReferences = ( R1, R2 ); };
                G = { isa = PBXGroup; children = ( F ); sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = W.swift; sourceTree = "<group>"; };
                B = { isa = PBXBuildFile; fileRef = F; };
                S = { isa = PBXSourcesBuildPhase; files = ( B ); };
                R1 = { isa = XCRemoteSwiftPackageReference; repositoryURL = "https://example.com/firebase"; requirement = { kind = exactVersion; version = 1.0.0; }; };
                R2 = { isa = XCRemoteSwiftPackageReference; repositoryURL = "https://example.com/lottie.git"; requirement = { kind = branch; branch = main; }; };
                D1 = { isa = XCSwiftPackageProductDependency; package = R1; productName = FirebaseMessaging; };
                D2 = { isa = XCSwiftPackageProductDependency; package = R2; productName = Lottie; };
                T = { isa = PBXNativeTarget; name = W; productType = "com.apple.product-type.app-extension"; buildPhases = ( S ); packageProductDependencies = ( D1, D2 ); };
            }; rootObject = P; }
            """
        let project = try XcodeProject(pbxproj: Data(text.utf8), bundle: folder.appendingPathComponent("X.xcodeproj"))
        let plan = try plan(project)
        XCTAssertEqual(plan.modules.first?.packageProducts.map(\.name), ["Lottie"])
        XCTAssertEqual(plan.remotePackages.map(\.url), ["https://example.com/lottie.git"])
        XCTAssertEqual(plan.leftOut, ["W: product FirebaseMessaging of https://example.com/firebase is linked but no file imports it"])
        let manifest = PackageWriter(plan: plan).manifest(targets: [])
        XCTAssertTrue(manifest.contains(#".package(url: "https://example.com/lottie.git", branch: "main"),"#), manifest)
        XCTAssertEqual(plan.remotePackagesFetched.map(\.url), ["https://example.com/lottie.git"])

        // What a local package kept as it is names in its manifest is fetched too, though the written
        // manifest does not name it.
        var kept = plan
        kept.remotePackages.append((url: "https://example.com/fmdb.git", requirement: .upToNextMajor("2.7.0")))
        kept.remoteFromLocalPackages.insert("https://example.com/fmdb.git")
        XCTAssertEqual(kept.remotePackagesDependedOn.map(\.url), ["https://example.com/lottie.git"])
        XCTAssertEqual(kept.remotePackagesFetched.map(\.url), ["https://example.com/lottie.git", "https://example.com/fmdb.git"])
    }

    func testCompilationSettingsFromBuildSettings() {
        var settings = BuildSettingsFixture.make([
            "SWIFT_VERSION": "6.0", "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG $(inherited) BETA",
            "OTHER_SWIFT_FLAGS": "-DPRO -D FREE -enable-upcoming-feature ExistentialAny -Xfrontend -warn-long-function-bodies=100",
            "SWIFT_UPCOMING_FEATURE_CONCISE_MAGIC_FILE": "YES", "SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION": "YES",
            "SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor", "SWIFT_APPROACHABLE_CONCURRENCY": "YES",
        ])
        let compiled = CompilationSettings(settings)
        XCTAssertEqual(compiled.languageMode, "6")
        XCTAssertEqual(compiled.defines, ["DEBUG", "BETA", "PRO", "FREE"])
        XCTAssertEqual(compiled.upcomingFeatures, ["ExistentialAny", "ConciseMagicFile", "DisableOutwardActorInference",
                                                   "InferIsolatedConformances", "NonisolatedNonsendingByDefault"])
        XCTAssertTrue(compiled.mainActorByDefault)
        XCTAssertEqual(compiled.leftOut.count, 1, "the -Xfrontend flag: \(compiled.leftOut)")
        XCTAssertTrue(compiled.manifestLines().contains(".defaultIsolation(MainActor.self)"))
        // Swift 6 compiles in Swift 5 mode with Swift 6's other features (Linux's Foundation is not preconcurrency).
        XCTAssertEqual(compiled.manifestLines().first, ".swiftLanguageMode(.v5)")
        XCTAssertTrue(compiled.manifestLines().contains(#".enableUpcomingFeature("BareSlashRegexLiterals")"#))
        XCTAssertEqual(compiled.manifestLines().filter { $0.contains("ConciseMagicFile") }.count, 1, "a feature the project names is listed once")
        settings = BuildSettingsFixture.make(["SWIFT_VERSION": "4.2"])
        XCTAssertEqual(CompilationSettings(settings).manifestLines().first, ".swiftLanguageMode(.v4_2)")
    }

    /// `Color.brand` and its kin only where the project turns them on, as Xcode 15's templates do: an
    /// older project may declare those names itself, and the resource symbols alone cannot clash.
    func testAssetSymbolExtensionsOnlyWhereTurnedOn() {
        XCTAssertEqual(ImportPlanner.assetSymbolExtent(BuildSettingsFixture.make([:])), .resourcesOnly)
        let on = BuildSettingsFixture.make(["ASSETCATALOG_COMPILER_GENERATE_SWIFT_ASSET_SYMBOL_EXTENSIONS": "YES"])
        XCTAssertEqual(ImportPlanner.assetSymbolExtent(on), .all)
        let off = BuildSettingsFixture.make(["ASSETCATALOG_COMPILER_GENERATE_ASSET_SYMBOLS": "NO",
                                             "ASSETCATALOG_COMPILER_GENERATE_SWIFT_ASSET_SYMBOL_EXTENSIONS": "YES"])
        XCTAssertEqual(ImportPlanner.assetSymbolExtent(off), .none)
    }

    func testModuleNamesAsXcodeMakesThem() {
        XCTAssertEqual(ImportPlanner.moduleName("DaysLeft Widget Extension"), "DaysLeft_Widget_Extension")
        XCTAssertEqual(ImportPlanner.moduleName("3D-Widgets"), "_3D_Widgets")
        XCTAssertEqual(ImportPlanner.moduleName("Charts"), "ChartsExtension", "a name this package's modules use")
    }

    private func projectWithTwoWidgetTargets() throws -> XcodeProject {
        let text = """
            { objects = {
                P = { isa = PBXProject; targets = ( A, W1, W2 ); mainGroup = G; };
                G = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
                K = { isa = PBXFileReference; path = System/Library/Frameworks/WidgetKit.framework; sourceTree = SDKROOT; };
                B1 = { isa = PBXBuildFile; fileRef = K; };
                B2 = { isa = PBXBuildFile; fileRef = K; };
                F1 = { isa = PBXFrameworksBuildPhase; files = ( B1 ); };
                F2 = { isa = PBXFrameworksBuildPhase; files = ( B2 ); };
                A = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; };
                W1 = { isa = PBXNativeTarget; name = PhoneWidgets; productType = "com.apple.product-type.app-extension"; buildPhases = ( F1 ); };
                W2 = { isa = PBXNativeTarget; name = WatchWidgets; productType = "com.apple.product-type.app-extension"; buildPhases = ( F2 ); };
            }; rootObject = P; }
            """
        return try XcodeProject(pbxproj: Data(text.utf8), bundle: URL(fileURLWithPath: "/nowhere/X.xcodeproj"))
    }
}

enum BuildSettingsFixture {
    /// Settings as a target's level would give them, `$(inherited)` standing for nothing below.
    static func make(_ values: [String: String]) -> BuildSettings {
        var settings = BuildSettings(values: [:])
        settings.layer(values.mapValues { PropertyListValue.string($0) })
        return settings
    }
}

/// The imports of a file, found without a parser.
final class SourceImportsTests: XCTestCase {
    func testFormsOfImport() {
        let found = SourceImports.scan(text: """
            import SwiftUI
            @preconcurrency import Combine
            public import struct WidgetKit.WidgetFamily
            import os.log // a comment
            /* import Hidden
               import AlsoHidden */
            #if canImport(WeatherKit)
            import WeatherKit
            #endif
            let importantValue = 1
            """)
        XCTAssertEqual(found.map(\.path), ["SwiftUI", "Combine", "WidgetKit", "os.log", "WeatherKit"])
        XCTAssertEqual(found.map(\.module), ["SwiftUI", "Combine", "WidgetKit", "os", "WeatherKit"])
        XCTAssertEqual(found.map(\.isConditional), [false, false, false, false, true])
        XCTAssertEqual(found.map(\.line), [1, 2, 3, 4, 8])
    }
}
