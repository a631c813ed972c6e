import Foundation

/// Bytes carried by the render tree (an image the extension made, an intent's encoded parameters).
/// The tree holds them as bytes, so drawing and tapping use them as they are; only the tree's JSON
/// form spells them, as base64 text, the way `JSONEncoder` writes `Data`.
public struct Base64Bytes: Hashable, Sendable, Codable {
    public var bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Every byte, as one run: an image differing anywhere hashes apart, at the standard hash's speed.
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not base64: \(text.prefix(40))")
        }
        bytes = [UInt8](data)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(bytes).base64EncodedString())
    }
}
