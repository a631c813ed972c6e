import Foundation

/// One row of the table `Tools/Benchmarks/all.sh` prints: a hot path, its figure, the peer or floor
/// measured in the same run, the ratio between them and the target it is held to. Each benchmark
/// prints its rows after its own output, tab-separated behind a marker, so the script can pick them
/// out of everything else.
public struct SummaryRow {
    public static let marker = "summary"

    public enum Direction {
        /// The figure must be at least `target` times faster than the peer.
        case fasterThanPeer
        /// The figure may be at most `target` times its floor (or the peer).
        case atMostTimesFloor
        /// The figure itself, in its unit, may be at most `target`.
        case atMost
    }

    public var path: String
    public var figure: String
    public var peer: String
    public var ratio: Double?
    public var direction: Direction
    public var target: Double
    /// The unit of an absolute bound (`.atMost`).
    public var unit = ""

    public init(path: String, figure: String, peer: String, ratio: Double?, direction: Direction, target: Double) {
        self.path = path
        self.figure = figure
        self.peer = peer
        self.ratio = ratio
        self.direction = direction
        self.target = target
    }

    /// A figure held to an absolute bound (a latency, a duration): its ratio is the figure over the bound.
    public init(path: String, figure: Double, unit: String, peer: String, atMost bound: Double) {
        self.init(path: path, figure: String(format: "%.2f %@", figure, unit), peer: peer, ratio: figure, direction: .atMost, target: bound)
        self.unit = unit
    }

    public var met: Bool {
        guard let ratio else { return false }
        switch direction {
        case .fasterThanPeer: return ratio >= target
        case .atMostTimesFloor, .atMost: return ratio <= target
        }
    }

    var ratioText: String {
        guard let ratio else { return "—" }
        switch direction {
        case .fasterThanPeer: return String(format: "%.1f× faster", ratio)
        case .atMostTimesFloor: return String(format: "%.2f× the floor", ratio)
        case .atMost: return "—"
        }
    }

    var targetText: String {
        switch direction {
        case .fasterThanPeer: String(format: "≥ %.0f×", target)
        case .atMostTimesFloor: String(format: "≤ %.1f×", target)
        case .atMost: String(format: "≤ %g %@", target, unit)
        }
    }

    /// Prints the row for `all.sh`.
    public func print() {
        let fields = [Self.marker, path, figure, peer, ratioText, targetText, met ? "met" : "not yet"]
        Swift.print(fields.joined(separator: "\t"))
    }
}
