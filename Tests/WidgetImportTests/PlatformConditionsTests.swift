import XCTest
@testable import WidgetImport

/// `#if os(…)` in an imported target is evaluated for the platform the target builds for.
final class PlatformConditionsTests: XCTestCase {
    func testConditionsAreResolvedForTheTargetsPlatformOnDirectiveLinesOnly() throws {
        let text = """
            #if os(iOS) || os(watchOS)
            let a = 1 // os(macOS) in a comment stays
            #elseif !os( macOS ) && targetEnvironment(simulator)
            let b = 2
            #endif
            #if canImport(UIKit)
            #endif
            """
        let resolved = try XCTUnwrap(PlatformConditions.resolve(text, platform: "iOS"))
        XCTAssertEqual(resolved.split(separator: "\n", omittingEmptySubsequences: false).count, text.split(separator: "\n", omittingEmptySubsequences: false).count)
        XCTAssertTrue(resolved.hasPrefix("#if true || false\n"), resolved)
        XCTAssertTrue(resolved.contains("// os(macOS) in a comment stays"))
        XCTAssertTrue(resolved.contains("#elseif !false && false"), resolved)
        XCTAssertTrue(resolved.contains("#if canImport(UIKit)"))
        XCTAssertTrue(try XCTUnwrap(PlatformConditions.resolve(text, platform: "watchOS")).hasPrefix("#if false || true"))
        XCTAssertNil(PlatformConditions.resolve("let os = 1\n", platform: "iOS"))
    }

    func testThePlatformComesFromTheSDKRoot() {
        XCTAssertEqual(PlatformConditions.platform(sdkRoot: "iphoneos"), "iOS")
        XCTAssertEqual(PlatformConditions.platform(sdkRoot: "watchos"), "watchOS")
        XCTAssertEqual(PlatformConditions.platform(sdkRoot: "macosx"), "macOS")
        XCTAssertEqual(PlatformConditions.platform(sdkRoot: "xros"), "visionOS")
        XCTAssertEqual(PlatformConditions.platform(sdkRoot: nil), "iOS")
    }

    /// After the conditions are resolved, an import under `#if os(iOS)` is as unconditional as the code
    /// around it (a file importing an Apple-only framework so is left out and named), and one in a branch
    /// never compiled is none.
    func testImportsFollowResolvedBranches() {
        let text = """
            #if true || false
            import AuthenticationServices
            #else
            import AppKit
            #endif
            #if false || (true && !true)
            import WatchKit
            #elseif DEBUG
            import DebugTools
            #else
            import ReleaseTools
            #endif
            """
        let imports = SourceImports.scan(text: text)
        XCTAssertEqual(imports.map(\.module), ["AuthenticationServices", "DebugTools", "ReleaseTools"])
        XCTAssertEqual(imports.map(\.isConditional), [false, true, true])
    }
}
