import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetRender

/// Snapshots a widget in every cell of the `RenderMatrix` in one call: each family it supports × each
/// placement showing the family × its colour schemes, one reference per cell named after it
/// (`testAllLooks.systemSmall-iphone-home-fullColor-dark.png`). The extension archives each cell's
/// variant, as it does for the real placement. Places the widget disfavors or cannot be mounted in
/// are left out; `platforms` keeps the matrix to some (a widget that ships on iOS alone need not
/// be pinned on visionOS). `axes` adds a cell per family and device setting (text size, direction,
/// locale: `…-fullColor-light-AX3.png`).
///
/// ```swift
/// assertSnapshots(of: host, kind: "StepCounter", as: .png)
/// assertSnapshots(of: host, kind: "StepCounter", as: .png, platforms: [.iOS], axes: .common)
/// ```
public func assertSnapshots(
    of host: WidgetTestHost, kind: String, as strategy: Snapshotting<RenderTree> = .png, at date: Date? = nil,
    families: [WidgetFamily]? = nil, platforms: Set<Placement.Platform>? = nil, axes: DeviceAxes = .none, record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil, fileID: StaticString = #fileID, file: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let cells: [RenderMatrix.Cell]
    do {
        cells = try host.matrix(kind: kind, families: families, platforms: platforms, axes: axes)
    } catch {
        return TestIssue.record("could not list \(kind)'s matrix: \(error)", fileID: fileID, file: file, line: line, column: column)
    }
    for cell in cells {
        let tree: RenderTree
        do {
            tree = try host.render(kind: kind, cell: cell, at: date)
        } catch {
            TestIssue.record("\(cell.name): \(error)", fileID: fileID, file: file, line: line, column: column)
            continue
        }
        assertSnapshot(of: tree, as: strategy, named: cell.name, record: record, snapshotDirectory: snapshotDirectory,
                       fileID: fileID, file: file, testName: testName, line: line, column: column)
    }
}

extension WidgetTestHost {
    /// The cells `kind` is seen in: the families it declares (or `families`), their placements and schemes.
    public func matrix(kind: String, families: [WidgetFamily]? = nil, platforms: Set<Placement.Platform>? = nil,
                       axes: DeviceAxes = .none) throws -> [RenderMatrix.Cell] {
        let hello = try host.connection(to: extensionPath).hello
        guard let widget = hello.widgets.first(where: { $0.kind == kind }) else {
            throw HostError.configuration(path: extensionPath, .noSuchWidgetKind(kind: kind, available: hello.widgets.map(\.kind)))
        }
        let placements = Placement.all.filter { platforms?.contains($0.platform) ?? true }
        return RenderMatrix.cells(for: widget, placements: placements, axes: axes).cells.filter { families?.contains($0.family) ?? true }
    }

    /// `kind` as it shows in one cell at `date` (default: now): a timeline archived for the cell's
    /// variant, laid out for its placement.
    public func render(kind: String, cell: RenderMatrix.Cell, at date: Date? = nil) throws -> RenderTree {
        let timeline = try host.reload(executable: extensionPath, kind: kind, family: cell.family, variants: [cell.variant],
                                       placement: cell.placement.id)
        let at = date ?? clock.now
        return try host.render(timeline, at: at, context: cell.context(at: at)).0
    }
}

extension Snapshotting where Value == WidgetTransition {
    /// A transition as one PNG: its frames at `instants` (seconds into it) side by side, compared
    /// pixel by pixel, so a test pins how a change animates, not only where it ends.
    public static func frames(at instants: [Double], tolerance: Double = 0, scale: Double? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png", snapshot: { transition in
            let painter = PNGRenderer.snapshotFaces
            let canvases = instants.map { painter.canvas(transition.tree(at: $0), scale: scale) }
            return FrameStrip.png(canvases)
        }) { reference, actual in
            ImageComparison.compare(reference, actual, tolerance: tolerance, channelTolerance: 0)
        }
    }
}

/// Frames side by side, with a gap between them, as one PNG.
enum FrameStrip {
    static let gap = 8

    static func png(_ canvases: [Canvas]) -> [UInt8] {
        let images = canvases.compactMap { try? PNGDecoder.decode(PNGEncoder.encode($0)) }
        let height = images.map(\.height).max() ?? 1
        let width = max(1, images.reduce(0) { $0 + $1.width } + gap * max(0, images.count - 1))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var x0 = 0
        for image in images {
            for y in 0..<image.height {
                let from = y * image.width * 4, to = (y * width + x0) * 4
                rgba.replaceSubrange(to..<(to + image.width * 4), with: image.rgba[from..<(from + image.width * 4)])
            }
            x0 += image.width + gap
        }
        return PNGEncoder.encode(width: width, height: height, rgba: rgba)
    }
}
