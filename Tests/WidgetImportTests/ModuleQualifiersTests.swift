import XCTest
@testable import WidgetImport

/// Names an app qualifies with an Apple module are respelled for the module Linux keeps them in.
final class ModuleQualifiersTests: XCTestCase {
    func testQualifiedNamesAndDarwinImportsAreRespelled() throws {
        let text = """
            import Darwin
            @preconcurrency import Darwin.C
            let r = Darwin.round(2.5) + Foundation.sqrt(4)
            let s = Foundation.URLSession.shared
            let p: Foundation.XMLParser? = nil
            let quoted = "Darwin.round stays in a string" // Darwin.round stays in a comment
            let mine = MyDarwin.round(1) + x.Darwin.round
            """
        let out = try XCTUnwrap(ModuleQualifiers.resolve(text)).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(out.count, 7, "lines keep their places")
        XCTAssertEqual(out[0], "import Foundation")
        XCTAssertEqual(out[1], "@preconcurrency import Foundation")
        XCTAssertEqual(out[2], "let r = Foundation.round(2.5) + Foundation.sqrt(4)")
        XCTAssertEqual(out[3], "let s = FoundationNetworking.URLSession.shared")
        XCTAssertEqual(out[4], "let p: FoundationXML.XMLParser? = nil")
        XCTAssertEqual(out[5], #"let quoted = "Darwin.round stays in a string" // Darwin.round stays in a comment"#)
        XCTAssertEqual(out[6], "let mine = MyDarwin.round(1) + x.Darwin.round", "only a module name is respelled")
        XCTAssertNil(ModuleQualifiers.resolve("let x = Foundation.Date()\n"), "what Linux's Foundation has is left alone")
        // As Zeitgeist configures its session (daneden/Zeitgeist, `Shared/Models/VercelSession.swift`).
        XCTAssertEqual(ModuleQualifiers.resolve("config.waitsForConnectivity = true // .waitsForConnectivity"),
                       "config._waitsForConnectivity = true // .waitsForConnectivity")
    }
}
