import Foundation
import HostTestSupport
import XCTest

/// The `#Preview` compiler plugin, spoken to as the compiler speaks to it: length-prefixed JSON on its
/// standard input and output.
final class PreviewMacroPluginTests: XCTestCase {
    private func exchange(_ messages: [[String: Any]]) throws -> [[String: Any]] {
        let plugin = BuiltProducts.binDirectory.appendingPathComponent("WidgetMacros-tool")
        // Built with the package: `WidgetUI` depends on it.
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: plugin.path), plugin.path)
        let process = Process()
        process.executableURL = plugin
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        for message in messages {
            let body = try JSONSerialization.data(withJSONObject: message)
            var length = UInt64(body.count).littleEndian
            input.fileHandleForWriting.write(Data(bytes: &length, count: 8) + body)
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        var data = output.fileHandleForReading.readDataToEndOfFile()
        var replies: [[String: Any]] = []
        while data.count >= 8 {
            let length = Int(data.prefix(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) })
            let body = data.dropFirst(8).prefix(length)
            replies.append(try XCTUnwrap(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
            data = Data(data.dropFirst(8 + length))
        }
        XCTAssertEqual(process.terminationStatus, 0)
        return replies
    }

    private func expansion(type: String, source: String) -> [String: Any] {
        ["expandFreestandingMacro": [
            "macro": ["moduleName": "WidgetUI", "typeName": type, "name": "Preview"],
            "macroRole": "declaration", "discriminator": "$s7Gallery0A5swiftfMX3_0_33fMf_",
            "syntax": ["kind": "declaration", "source": source,
                       "location": ["fileID": "Gallery/A.swift", "fileName": "/src/A.swift", "offset": 120, "line": 3, "column": 1]],
        ]]
    }

    func testPreviewsExpandToADeclarationTheExtensionFinds() throws {
        let replies = try exchange([
            ["getCapability": ["capability": ["protocolVersion": 7]]],
            expansion(type: "ViewPreviewMacro", source: "@available(iOS 17, *)\n#Preview(\"Named\") { Text(\"x\") }"),
            expansion(type: "WidgetPreviewMacro", source: "#Preview(as: .systemSmall) { W() } timeline: { E(date: .now) }"),
        ])
        XCTAssertEqual(replies.count, 3)
        let capability = replies[0]["getCapabilityResult"] as? [String: Any]
        XCTAssertEqual((capability?["capability"] as? [String: Any])?["protocolVersion"] as? Int, 7)
        let view = try XCTUnwrap((replies[1]["expandMacroResult"] as? [String: Any])?["expandedSource"] as? String)
        XCTAssertTrue(view.hasPrefix("@available(iOS 17, *)\nstruct $s7Gallery0A5swiftfMX3_0_33fMf_fMu_: _ViewPreviewDeclaration"), view)
        XCTAssertTrue(view.contains("_ViewPreview(\"Named\") { Text(\"x\") }"), view)
        let widget = try XCTUnwrap((replies[2]["expandMacroResult"] as? [String: Any])?["expandedSource"] as? String)
        XCTAssertTrue(widget.contains(": _WidgetPreviewDeclaration"))
        XCTAssertTrue(widget.contains("_WidgetPreview(as: .systemSmall) { W() } timeline: { E(date: .now) }"), widget)
    }

    func testAMacroItDoesNotProvideIsADiagnosticAtTheUse() throws {
        let replies = try exchange([expansion(type: "SomethingElse", source: "#Preview { }")])
        let result = try XCTUnwrap(replies.first?["expandMacroResult"] as? [String: Any])
        XCTAssertTrue(result["expandedSource"] is NSNull)
        let diagnostic = try XCTUnwrap((result["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(diagnostic["severity"] as? String, "error")
        XCTAssertEqual((diagnostic["position"] as? [String: Any])?["offset"] as? Int, 120)
    }
}
