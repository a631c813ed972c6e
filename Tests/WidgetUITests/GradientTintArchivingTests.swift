import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import WidgetUI
import XCTest

/// `.tint(_:)` with a gradient: the colour at its middle for any view, and the gradient inside it
/// for the gauges and progress views the host draws in it.
final class GradientTintArchivingTests: XCTestCase {
    func testAGradientTintArchivesItsMiddleColourAroundTheGradient() throws {
        let view = Gauge(value: 0.3) { Text("UV") }.gaugeStyle(.accessoryCircular).tint(Gradient(colors: [.green, .yellow, .red]))
        let (node, _) = ViewArchiver.archive(view, environment: EnvironmentValues(), locate: nil)
        guard case .modified(.modified(_, .tintGradient(let stops)), .tint(let middle)) = node else {
            return XCTFail("\(ArchiveTextDump.dump(node))")
        }
        XCTAssertEqual(stops.count, 3)
        XCTAssertEqual(middle, stops[1].color)
        let archive = WidgetArchiveValue(kind: "K", family: .accessoryCircular, entryDate: Date(timeIntervalSince1970: 0), root: node)
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(archive)), archive)
        XCTAssertTrue(ArchiveTextDump.dump(archive).contains(".tint(Gradient(stops: ["))

        let plain = Gauge(value: 0.3) { Text("UV") }.tint(.orange)
        let (plainNode, _) = ViewArchiver.archive(plain, environment: EnvironmentValues(), locate: nil)
        guard case .modified(.gauge, .tint) = plainNode else { return XCTFail("a colour tint archives no gradient: \(ArchiveTextDump.dump(plainNode))") }
    }
}

/// `.blendMode(_:)` is archived with its mode; `.normal` archives nothing.
final class BlendModeArchivingTests: XCTestCase {
    func testAModeIsArchivedAndNormalIsNot() {
        let (node, diagnostics) = ViewArchiver.archive(Text("x").blendMode(.multiply), environment: EnvironmentValues(), locate: nil)
        guard case .modified(.text, .blendMode(.multiply)) = node else { return XCTFail(ArchiveTextDump.dump(node)) }
        XCTAssertEqual(diagnostics, [], "drawn, not reported")
        let (plain, _) = ViewArchiver.archive(Text("x").blendMode(.normal), environment: EnvironmentValues(), locate: nil)
        guard case .text = plain else { return XCTFail(ArchiveTextDump.dump(plain)) }
        let archived = BlendMode.allCases.dropFirst().map { mode -> BlendModeValue? in
            let (node, _) = ViewArchiver.archive(Text("x").blendMode(mode), environment: EnvironmentValues(), locate: nil)
            if case .modified(_, .blendMode(let value)) = node { return value }
            return nil
        }
        XCTAssertEqual(archived, Array(BlendModeValue.allCases.dropFirst()), "each mode archives as itself")
    }
}

/// `.mask` is archived with its view and alignment.
final class MaskArchivingTests: XCTestCase {
    func testAMaskIsArchivedWithItsView() {
        let view = LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing).mask(Text("Hi").font(.largeTitle))
        let (node, diagnostics) = ViewArchiver.archive(view, environment: EnvironmentValues(), locate: nil)
        guard case .modified(_, .mask(let mask, _)) = node else { return XCTFail(ArchiveTextDump.dump(node)) }
        XCTAssertTrue(ArchiveTextDump.dump(mask).contains("Text(\"Hi\""), ArchiveTextDump.dump(mask))
        XCTAssertEqual(diagnostics, [])
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: node)
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(archive)), archive)
    }
}

/// `.position(x:y:)` is archived with its point.
final class PositionArchivingTests: XCTestCase {
    func testAPositionIsArchived() {
        let (node, diagnostics) = ViewArchiver.archive(Text("x").position(x: 12, y: 34), environment: EnvironmentValues(), locate: nil)
        guard case .modified(.text, .position(12, 34)) = node else { return XCTFail(ArchiveTextDump.dump(node)) }
        XCTAssertEqual(diagnostics, [], "laid out, not reported")
    }
}
