import Foundation
import WidgetArchive
import XCTest

/// A control's template (node tag 0x0E): every field survives the round trip, the dump shows it, and
/// bad bytes in it are typed errors at their offset.
final class ControlTemplateCodecTests: XCTestCase {
    private let toggle = ControlTemplate(
        style: .toggle, isOn: true, title: "Decaf Mode",
        onFace: .init(symbol: .system("leaf.fill"), value: "Decaf", status: "Decaf mode on"),
        offFace: .init(symbol: .asset("Bean"), value: nil, actionHint: "Switch to decaf"),
        tint: .system(.green, opacity: 1), isPrivacySensitive: true,
        action: .intent(IntentReference(typeIdentifier: "App.SetDecaf", parameters: [9, 8, 7])))

    private func archive(_ template: ControlTemplate) -> WidgetArchiveValue {
        WidgetArchiveValue(kind: "DecafMode", family: ._control, entryDate: Date(timeIntervalSince1970: 1_763_712_000),
                           flags: [.promptsForUserConfiguration], root: .controlTemplate(template))
    }

    func testEveryFieldRoundTrips() throws {
        for template in [toggle, ControlTemplate(style: .button, title: "", onFace: .init(), offFace: .init(), action: .inert)] {
            let value = archive(template)
            XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(value)), value)
        }
    }

    func testTheDumpShowsTheTemplate() {
        let dump = ArchiveTextDump.dump(archive(toggle))
        XCTAssertTrue(dump.contains("family=control"), dump)
        XCTAssertTrue(dump.contains("flags=promptsForUserConfiguration"), dump)
        XCTAssertTrue(dump.contains("ControlTemplate(toggle, isOn: true, title: \"Decaf Mode\", intent: \"App.SetDecaf\", parameters: 3 bytes"), dump)
        XCTAssertTrue(dump.contains("on: symbol: \"leaf.fill\", value: \"Decaf\", status: \"Decaf mode on\""), dump)
        XCTAssertTrue(dump.contains("off: asset symbol: \"Bean\", actionHint: \"Switch to decaf\""), dump)
    }

    /// The byte after the style is the flags: an unknown bit is refused where it stands.
    func testUnknownFlagsAndSymbolKindsAreTypedErrors() throws {
        let bytes = ArchiveEncoder.encode(archive(toggle))
        guard let tag = bytes.indices.dropFirst(ArchiveHeader.size).first(where: { bytes[$0] == 0x0E && bytes[$0 + 1] == 1 && bytes[$0 + 2] == 0b111 }) else {
            return XCTFail("no control template in the archive")
        }
        var badFlags = bytes
        badFlags[tag + 2] = 0x80
        XCTAssertThrowsError(try ArchiveDecoder().decode(resealed(badFlags))) { error in
            XCTAssertEqual(error as? ArchiveDecodingError, .invalidValue(offset: tag + 2, field: "control template flags", value: 0x80))
        }
        var badStyle = bytes
        badStyle[tag + 1] = 7
        XCTAssertThrowsError(try ArchiveDecoder().decode(resealed(badStyle))) { error in
            XCTAssertEqual(error as? ArchiveDecodingError, .invalidValue(offset: tag + 1, field: "control style", value: 7))
        }
    }
}
