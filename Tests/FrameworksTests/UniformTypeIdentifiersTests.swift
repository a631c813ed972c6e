import UniformTypeIdentifiers
import XCTest

/// An app's own document type, as Apple's Food Truck sample declares one in a file its widget compiles.
extension UTType {
    fileprivate static let donut = UTType(exportedAs: "com.example.apple-samplecode.donut")
}

final class UniformTypeIdentifiersTests: XCTestCase {
    func testDeclaredAndSystemTypesConformThroughTheirParents() {
        XCTAssertEqual(UTType.donut.identifier, "com.example.apple-samplecode.donut")
        XCTAssertTrue(UTType.donut.conforms(to: .data))
        XCTAssertTrue(UTType.donut.conforms(to: .item))
        XCTAssertFalse(UTType.donut.conforms(to: .image))
        XCTAssertTrue(UTType.png.conforms(to: .image) && UTType.png.conforms(to: .content))
        XCTAssertFalse(UTType.image.conforms(to: .png))
        XCTAssertEqual(UTType(filenameExtension: "JPEG")?.preferredMIMEType, "image/jpeg")
        XCTAssertEqual(UTType("public.json"), .json)
        XCTAssertNil(UTType("com.example.unknown"))
    }
}
