import Foundation
import XCTest
@testable import WidgetImport

/// The template a repository ships for a file each developer makes.
final class SourceTemplatesTests: XCTestCase {
    func testTemplatesBesideOrAboveTheMissingFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Credentials"), withIntermediateDirectories: true)
        // As simplenote-ios keeps it: `Simplenote/SPCredentials-demo.swift` for `Simplenote/Credentials/SPCredentials.swift`.
        try Data("enum Credentials {}".utf8).write(to: root.appendingPathComponent("App/Credentials-demo.swift"))
        let missing = root.appendingPathComponent("App/Credentials/Credentials.swift")
        XCTAssertEqual(SourceTemplates.template(for: missing, under: root)?.lastPathComponent, "Credentials-demo.swift")
        // As Zeitgeist keeps it: `Secrets.swift.template` beside `Secrets.swift`, preferred to one further up.
        try Data("enum Credentials {}".utf8).write(to: root.appendingPathComponent("App/Credentials/Credentials.swift.template"))
        XCTAssertEqual(SourceTemplates.template(for: missing, under: root)?.lastPathComponent, "Credentials.swift.template")
        XCTAssertNil(SourceTemplates.template(for: root.appendingPathComponent("App/Other.swift"), under: root))
        XCTAssertNil(SourceTemplates.template(for: missing, under: root.appendingPathComponent("App/Elsewhere")),
                     "nothing outside the project's source root is looked at")
    }
}
