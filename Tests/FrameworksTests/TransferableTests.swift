import Foundation
import SwiftUI
import XCTest

/// A model declared `Transferable` as Zeitgeist declares its environment variables
/// (daneden/Zeitgeist, `Shared/Models/VercelProjectModel.swift`): it compiles through `import SwiftUI`,
/// and exports through its representations, in the order written.
final class TransferableTests: XCTestCase {
    struct EnvironmentVariable: Codable, Transferable, Equatable {
        var key: String
        var value: String
        func data() -> Data { Data("\(key)=\(value)".utf8) }

        static var transferRepresentation: some TransferRepresentation {
            DataRepresentation(exportedContentType: .json) { variable in
                variable.data()
            }
            CodableRepresentation(contentType: .json)
            ProxyRepresentation(exporting: \.key)
        }
    }

    func testRepresentationsExportInTheOrderWritten() async throws {
        let variable = EnvironmentVariable(key: "API", value: "1")
        let json = try await variable.exported(as: .json)
        XCTAssertEqual(String(decoding: json, as: UTF8.self), "API=1", "the first representation of a type wins")
        let text = try await variable.exported(as: .plainText)
        XCTAssertEqual(String(decoding: text, as: UTF8.self), "API", "through the proxy, a String")
        do {
            _ = try await variable.exported(as: .png)
            XCTFail("no representation exports PNG")
        } catch let error as TransferError {
            XCTAssertEqual(error, .noRepresentation(.png))
        }
    }
}
