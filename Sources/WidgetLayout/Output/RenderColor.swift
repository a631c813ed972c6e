import WidgetArchive

/// A colour in the render tree: 8-bit sRGB components with straight alpha, as drawn. In JSON it is
/// written `#rrggbbaa`, the one string form; in the tree it is a value, so nothing parses it back.
public struct RenderColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// `color` rounded to 8 bits per component.
    public init(_ color: RGBA) {
        let b = color.bytes
        self.init(red: UInt8(b[0]), green: UInt8(b[1]), blue: UInt8(b[2]), alpha: UInt8(b[3]))
    }

    /// Parses `#rrggbbaa` (or `#rrggbb`, opaque).
    public init?(hex: String) {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9, let v = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let full = hex.count == 7 ? v << 8 | 0xFF : v
        self.init(red: UInt8(full >> 24), green: UInt8(truncatingIfNeeded: full >> 16), blue: UInt8(truncatingIfNeeded: full >> 8),
                  alpha: UInt8(truncatingIfNeeded: full))
    }

    /// The colour for drawing: each component over 255.
    public var rgba: RGBA { RGBA(Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255) }

    /// `#rrggbbaa`.
    public var description: String {
        func h(_ v: UInt8) -> String { String(v, radix: 16).leftPadded(2) }
        return "#" + h(red) + h(green) + h(blue) + h(alpha)
    }
}

extension RenderColor: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = RenderColor(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a #rrggbbaa colour: \(text)"))
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
