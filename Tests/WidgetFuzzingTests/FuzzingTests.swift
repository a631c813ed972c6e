import Foundation
import WidgetArchive
import WidgetFuzzing
import WidgetLayout
import WidgetRender
import XCTest

/// Every input that ever broke something is replayed, and each fuzz target gets a short bounded run.
final class FuzzingTests: XCTestCase {
    static let failCases = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Archives/fail-cases", isDirectory: true)

    /// A fail case's file. Fail cases are only ever added: with `UPDATE_GOLDENS=1` a missing one is
    /// written from the archive the test rebuilds; an existing one is never rewritten.
    static func failCase(_ name: String, rebuiltAs archive: WidgetArchiveValue) throws -> URL {
        let file = failCases.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1", !FileManager.default.fileExists(atPath: file.path) {
            try Data(ArchiveEncoder.encode(archive)).write(to: file, options: .withoutOverwriting)
        }
        return file
    }

    func testFailCasesDecodeSafelyAndRender() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.failCases.path).filter { $0.hasSuffix(".wgar") || $0.hasSuffix(".bin") }
        XCTAssertFalse(files.isEmpty)
        for name in files {
            let bytes = [UInt8](try Data(contentsOf: Self.failCases.appendingPathComponent(name)))
            XCTAssertNil(FuzzTarget.archive.check(bytes), name)
            XCTAssertNil(FuzzTarget.frame.check(bytes), name)
            guard let archive = try? ArchiveDecoder().decode(bytes) else { continue }
            for placement in Placement.all {
                guard let size = placement.size(for: archive.family) else { continue }
                let tree = WidgetRenderer.render(archive, context: RenderContext(placement: placement, family: archive.family, date: archive.entryDate))
                // Laid out at the placement's size, and every output can be written.
                XCTAssertEqual(tree.size, size, "\(name) on \(placement.id)")
                XCTAssertNotEqual(tree.json(), "{}", "\(name) on \(placement.id)")
                XCTAssertTrue(SVGWriter.svg(tree).hasSuffix("</svg>\n"), "\(name) on \(placement.id)")
            }
        }
    }

    func testRenderRegressionFromTheInfiniteProposal() throws {
        // The case in fail-cases, rebuilt here so the file stays reproducible.
        let archive = WidgetArchiveValue(kind: "Regression", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root:
            .stack(StackNode(axis: .horizontal, alignment: AlignmentValue(horizontal: .center, vertical: .top), children: [
                .stack(StackNode(axis: .vertical, children: [.text(TextNode("Total Caffeine")), .spacer(minLength: 0)])),
                .spacer(minLength: nil),
            ])))
        let file = try Self.failCase("render-infinite-proposal-text.wgar", rebuiltAs: archive)
        XCTAssertEqual(try ArchiveDecoder().decode([UInt8](try Data(contentsOf: file))), archive)
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: archive.entryDate))
        XCTAssertEqual(tree.texts, ["Total Caffeine"])
    }

    func testRenderRegressionFromInfiniteDatesAndSizes() throws {
        // Dates at infinity trapped date formatting (Int64 conversion); infinite font sizes and
        // spacing reached the rasterizer. Rebuilt here so the file stays reproducible.
        let date = Date(timeIntervalSince1970: .infinity)
        let archive = WidgetArchiveValue(kind: "Regression", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root:
            .stack(StackNode(axis: .horizontal, spacing: .infinity, children: [
                .text(TextNode(runs: [TextRun(.date(date, .time), font: FontSpec(size: .fixed(.infinity))), TextRun(.date(date, .timer))])),
                .shape(ShapeNode(kind: .rectangle, fill: .linearGradient(stops: [GradientStop(color: .system(.red, opacity: 1), location: 0)],
                                                                           start: UnitPointValue(x: .infinity, y: 0), end: UnitPointValue(x: 0, y: 1)))),
            ])))
        let file = try Self.failCase("render-infinite-date-and-sizes.wgar", rebuiltAs: archive)
        XCTAssertEqual(try ArchiveDecoder().decode([UInt8](try Data(contentsOf: file))), archive)
        XCTAssertNil(FuzzTarget.render.check(ArchiveEncoder.encode(archive)))
    }

    func testBoundedBuiltInFuzzRunOnEachTargetFindsNothing() {
        // A fixed number of runs, not a time: the same inputs on any machine, however loaded.
        for target in FuzzTarget.allCases {
            let (stats, finding) = Fuzzer(target: target, seed: 20_261_121).run(runs: 3000, seconds: nil, crashFile: nil) { _ in }
            XCTAssertNil(finding.map { "\($0.reason): \($0.input)" }, "\(target)")
            XCTAssertEqual(stats.executions, 3000, "\(target)")
            // Some mutants decode and some are refused: the share says how deep the mutations reach.
            XCTAssertGreaterThan(stats.decoded, 0, "\(target)")
            XCTAssertLessThan(stats.decoded, stats.executions, "\(target)")
            XCTAssertEqual(stats.decodedShare, Double(stats.decoded) / 3000, "\(target)")
        }
    }

    func testEachInputIsRefusedOrDecodedAndViolationsAreNamed() {
        let valid = FuzzTarget.archive.seeds(count: 1, seed: 9)[0]
        XCTAssertEqual(FuzzTarget.archive.run(valid), .decoded)
        XCTAssertEqual(FuzzTarget.archive.run(Array(valid.prefix(10))), .refused)
        XCTAssertEqual(FuzzTarget.frame.run([0xFF, 0, 1]), .refused)
        XCTAssertNil(FuzzTarget.archive.check(Array(valid.prefix(10))))
    }

    func testMutatorReachesTheTreeDecoder() {
        // Resealed mutants get past the checksum: the decoder's deeper errors are exercised.
        var mutator = StructuredMutator(seed: 3)
        let seeds = FuzzTarget.archive.seeds(count: 8, seed: 3)
        var deeper = 0
        for i in 0..<2000 {
            let input = mutator.mutate(seeds[i % seeds.count], corpus: seeds, repairChecksum: true)
            do {
                _ = try ArchiveDecoder().decode(input)
            } catch {
                switch error {
                case .badMagic, .checksumMismatch, .payloadLengthMismatch, .unsupportedVersion, .unsupportedFlags: break
                default: deeper += 1
                }
            }
        }
        XCTAssertGreaterThan(deeper, 500)
    }
}
