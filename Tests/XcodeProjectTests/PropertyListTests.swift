import Foundation
import XCTest
@testable import XcodeProject

/// The old-style property list format of `project.pbxproj`, read as Xcode reads it.
final class PropertyListTests: XCTestCase {
    private func parse(_ text: String) throws -> PropertyListValue {
        try PropertyListParser.parse(Data(text.utf8))
    }

    func testDictionariesArraysQuotedAndBareStringsAndComments() throws {
        let value = try parse("""
            // !$*UTF8*$!
            {
                archiveVersion = 1; /* a comment */
                list = ( a, "b c", d/e.swift, );
                nested = { path = "<group>"; empty = ""; };
                escaped = "tab\\tquote\\"newline\\nA\\U00e9\\101";
            }
            """)
        XCTAssertEqual(value["archiveVersion"]?.string, "1")
        XCTAssertEqual(value["list"]?.strings, ["a", "b c", "d/e.swift"])
        XCTAssertEqual(value["nested"]?["path"]?.string, "<group>")
        XCTAssertEqual(value["nested"]?["empty"]?.string, "")
        XCTAssertEqual(value["escaped"]?.string, "tab\tquote\"newline\nAéA")
    }

    func testDataValues() throws {
        XCTAssertEqual(try parse("{ d = <0fA1 ff>; }")["d"], .data([0x0F, 0xA1, 0xFF]))
        XCTAssertThrowsError(try parse("{ d = <0fg1>; }")) { error in
            guard case .badData? = error as? PropertyListError else { return XCTFail("\(error)") }
        }
    }

    func testErrorsSayWhereWithLineAndOffset() {
        func error(_ text: String) -> PropertyListError? {
            do {
                _ = try parse(text)
                return nil
            } catch {
                return error as? PropertyListError
            }
        }
        XCTAssertEqual(error("{\n a = b\n}"), .unexpectedCharacter("}", expected: ";", offset: 9, line: 3))
        XCTAssertEqual(error("{ a = \"open; }"), .unterminatedString(offset: 6, line: 1))
        XCTAssertEqual(error("{ a = b; /* never closed"), .unterminatedComment(offset: 9, line: 1))
        XCTAssertEqual(error("{ a = ( b c ); }"), .unexpectedCharacter("c", expected: ", or )", offset: 10, line: 1))
        XCTAssertEqual(error("{ a = b; } trailing"), .trailingContent(offset: 11, line: 1))
        XCTAssertEqual(error("{ a = "), .unexpectedEnd(expected: "a value", offset: 6, line: 1))
        XCTAssertEqual(error("{ a = \"\\U12\"; }"), .badEscape(offset: 11, line: 1), "the quote where a hex digit belongs")
        XCTAssertEqual(error("{ = b; }"), .unexpectedCharacter("=", expected: "a value", offset: 2, line: 1))
    }

    func testNestingIsBounded() {
        let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
        XCTAssertThrowsError(try parse(deep)) { error in
            guard case .tooDeep(let limit, _, _)? = error as? PropertyListError else { return XCTFail("\(error)") }
            XCTAssertEqual(limit, PropertyListParser.maximumDepth)
        }
    }

    func testNotUTF8IsRefused() {
        XCTAssertThrowsError(try PropertyListParser.parse(Data([0x7B, 0xFF, 0xFE, 0x7D]))) { error in
            XCTAssertEqual(error as? PropertyListError, .notUTF8)
        }
    }

    /// Truncating a real project file anywhere gives an error, never a crash or a wrong success.
    func testEveryTruncationOfARealProjectIsATypedError() throws {
        let data = try Data(contentsOf: ProjectFixture.pbxproj)
        XCTAssertNoThrow(try PropertyListParser.parse(data))
        for length in stride(from: 0, to: data.count - 2, by: 97) {
            XCTAssertThrowsError(try PropertyListParser.parse(data.prefix(length)), "a project cut at \(length) bytes")
        }
    }
}

/// The fixture Xcode project in `Tests/Fixtures/TripPlanner`.
enum ProjectFixture {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/TripPlanner")
    }
    static var bundle: URL { folder.appendingPathComponent("TripPlanner.xcodeproj") }
    static var pbxproj: URL { bundle.appendingPathComponent("project.pbxproj") }
}
