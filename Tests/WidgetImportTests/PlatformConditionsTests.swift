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
}
