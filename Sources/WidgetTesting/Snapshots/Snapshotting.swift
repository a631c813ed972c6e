import Foundation
import WidgetHostCore
import WidgetLayout
import WidgetRender

/// How a value becomes a reference file, and how two of them are compared: the strategy an
/// `assertSnapshot` call names (`as: .png`, `as: .json`, `as: .text`).
public struct Snapshotting<Value>: Sendable {
    /// The reference file's extension (`png`, `json`, `txt`).
    public let pathExtension: String
    /// The bytes of `value`, as they are written to the reference file.
    public let snapshot: @Sendable (Value) throws -> [UInt8]
    /// Compares a reference with what the value gives now: nil when they agree, else what differs,
    /// in words, and optionally an image that shows where (for a diff file beside the reference).
    public let compare: @Sendable (_ reference: [UInt8], _ actual: [UInt8]) -> SnapshotDifference?

    public init(pathExtension: String, snapshot: @escaping @Sendable (Value) throws -> [UInt8],
                compare: @escaping @Sendable (_ reference: [UInt8], _ actual: [UInt8]) -> SnapshotDifference?) {
        self.pathExtension = pathExtension
        self.snapshot = snapshot
        self.compare = compare
    }

    /// The same strategy for another kind of value that turns into this one first: a widget session
    /// is snapshotted as the tree it renders now.
    public func pullback<Other>(_ transform: @escaping @Sendable (Other) throws -> Value) -> Snapshotting<Other> {
        let snapshot = self.snapshot
        return Snapshotting<Other>(pathExtension: pathExtension, snapshot: { try snapshot(transform($0)) }, compare: compare)
    }
}

/// What differs between a reference and the actual snapshot.
public struct SnapshotDifference: Sendable {
    public var message: String
    /// A PNG that shows where the two differ, written beside the reference.
    public var diffImage: [UInt8]?

    public init(message: String, diffImage: [UInt8]? = nil) {
        self.message = message
        self.diffImage = diffImage
    }
}

extension Snapshotting where Value == RenderTree {
    /// The widget as a PNG at its placement's scale, compared pixel by pixel.
    public static var png: Snapshotting { png() }

    /// The widget as a PNG. `tolerance`: the share of pixels that may differ (0.01 is one in a
    /// hundred); `channelTolerance`: how far a channel may be off (0–255) before its pixel counts as
    /// different, for antialiasing that moves between machines with different fonts. Text is drawn
    /// in DejaVu Sans (`PNGRenderer.snapshotFaces`), so references stay valid on every machine that
    /// has it; `renderer: PNGRenderer()` draws in the face previews use (Liberation Sans).
    public static func png(tolerance: Double = 0, channelTolerance: UInt8 = 0, scale: Double? = nil,
                           renderer: PNGRenderer = .snapshotFaces) -> Snapshotting {
        Snapshotting(pathExtension: "png", snapshot: { renderer.png($0, scale: scale) }) { reference, actual in
            ImageComparison.compare(reference, actual, tolerance: tolerance, channelTolerance: channelTolerance)
        }
    }

    /// The render tree as JSON (frames, resolved text, colours, hit regions), compared as text.
    public static var json: Snapshotting {
        Snapshotting(pathExtension: "json", snapshot: { Array($0.json().utf8) }, compare: TextComparison.compare)
    }

    /// The readable dump, one node per line with its frame, text and colour, compared as text.
    public static var text: Snapshotting {
        Snapshotting(pathExtension: "txt", snapshot: { Array(RenderTreeDump.dump($0).utf8) }, compare: TextComparison.compare)
    }
}

extension Snapshotting where Value == WidgetSession {
    /// What the widget shows now, as a PNG.
    public static var png: Snapshotting { Snapshotting<RenderTree>.png.pullback { try $0.render() } }
    public static func png(tolerance: Double = 0, channelTolerance: UInt8 = 0) -> Snapshotting {
        Snapshotting<RenderTree>.png(tolerance: tolerance, channelTolerance: channelTolerance).pullback { try $0.render() }
    }
    /// What the widget shows now, as render-tree JSON.
    public static var json: Snapshotting { Snapshotting<RenderTree>.json.pullback { try $0.render() } }
    /// What the widget shows now, as the readable dump.
    public static var text: Snapshotting { Snapshotting<RenderTree>.text.pullback { try $0.render() } }
}
