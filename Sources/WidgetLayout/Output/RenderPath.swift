import Foundation
import WidgetArchive

/// A custom shape's outline as drawn: absolute points in widget points, scaled from the size the
/// shape was made for to the frame it is drawn in. Coordinates are bounded to ±100,000 and rounded to
/// a tenth of a point, so that a tree's JSON (where the outline is spelled as SVG path data) reads
/// back to the same outline and the same pixels.
public struct RenderPath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(to: Point, control: Point)
        case cubic(to: Point, control1: Point, control2: Point)
        case close
    }

    public var elements: [Element]

    public init(elements: [Element]) { self.elements = elements }

    /// `path` scaled into `rect`.
    init(_ path: PathValue, in rect: Rect) {
        let sx = path.referenceWidth > 0 && path.referenceWidth.isFinite ? rect.width / path.referenceWidth : 1
        let sy = path.referenceHeight > 0 && path.referenceHeight.isFinite ? rect.height / path.referenceHeight : 1
        func p(_ x: Double, _ y: Double) -> Point { Point(x: Self.quantized(rect.x + x * sx), y: Self.quantized(rect.y + y * sy)) }
        elements = path.elements.map { element in
            switch element {
            case .move(let x, let y): .move(p(x, y))
            case .line(let x, let y): .line(p(x, y))
            case .quad(let x, let y, let cx, let cy): .quad(to: p(x, y), control: p(cx, cy))
            case .cubic(let x, let y, let c1x, let c1y, let c2x, let c2y):
                .cubic(to: p(x, y), control1: p(c1x, c1y), control2: p(c2x, c2y))
            case .close: .close
            }
        }
    }

    /// Bounded, then rounded as `RenderTreeDump.fmt` prints: printing and parsing give the value back.
    static func quantized(_ v: Double) -> Double {
        let bounded = v.isFinite ? min(1e5, max(-1e5, v)) : 0
        let r = (((bounded * 1000).rounded() / 1000) * 10).rounded() / 10
        return r == 0 ? 0 : r
    }

    /// The outline as SVG path data (`M L Q C Z`, absolute), the form the tree's JSON and SVG use.
    public var svg: String {
        func n(_ p: Point) -> String { "\(RenderTreeDump.fmt(p.x)) \(RenderTreeDump.fmt(p.y))" }
        return elements.map { element in
            switch element {
            case .move(let p): "M\(n(p))"
            case .line(let p): "L\(n(p))"
            case .quad(let p, let c): "Q\(n(c)) \(n(p))"
            case .cubic(let p, let c1, let c2): "C\(n(c1)) \(n(c2)) \(n(p))"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }
}

/// Why SVG path data could not be read back as an outline.
public struct RenderPathSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The token that did not fit, and its position among the tokens.
    public var token: String
    public var index: Int
    public var description: String { "path data: unexpected \"\(token)\" at token \(index)" }
}

extension RenderPath: Codable {
    /// Reads what `svg` writes: absolute `M L Q C Z`, the command letter joined to its first number.
    public init(svg text: String) throws(RenderPathSyntaxError) {
        var elements: [Element] = []
        var command: Character?
        var numbers: [Double] = []
        var index = 0
        func flush() throws(RenderPathSyntaxError) {
            guard let command else { return }
            func p(_ i: Int) -> Point { Point(x: numbers[i], y: numbers[i + 1]) }
            switch (command, numbers.count) {
            case ("M", 2): elements.append(.move(p(0)))
            case ("L", 2): elements.append(.line(p(0)))
            case ("Q", 4): elements.append(.quad(to: p(2), control: p(0)))
            case ("C", 6): elements.append(.cubic(to: p(4), control1: p(0), control2: p(2)))
            case ("Z", 0): elements.append(.close)
            default: throw RenderPathSyntaxError(token: String(command), index: index)
            }
            numbers.removeAll(keepingCapacity: true)
        }
        for token in text.split(separator: " ") {
            var digits = token
            if let first = token.first, first.isLetter {
                try flush()
                command = first
                digits = token.dropFirst()
                if digits.isEmpty { index += 1; continue }
            }
            guard command != nil, let number = Double(digits), number.isFinite else {
                throw RenderPathSyntaxError(token: String(token), index: index)
            }
            numbers.append(number)
            index += 1
        }
        try flush()
        self.elements = elements
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(svg: container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(svg)
    }
}
