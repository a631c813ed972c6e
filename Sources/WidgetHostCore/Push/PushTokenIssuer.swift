import ByteCoding
import Foundation
import WidgetArchive

/// Issues push tokens as APNs would: one token per extension for its widgets, one per configured
/// control. A token is 16 bytes derived from what it addresses and a generation, so the same host
/// issues the same tokens (tests and scripts can rely on them) and a rotation changes every token of
/// the extension. Written as lowercase hex where people see them (`status`, `widget-host push`).
public struct PushTokenIssuer: Sendable {
    public init() {}

    /// The widget token of `extensionID` in `generation`.
    public func widgetToken(extensionID: String, generation: Int) -> [UInt8] {
        token("\(extensionID)\u{0}widgets\u{0}\(generation)")
    }

    /// The token of one configured control instance.
    public func controlToken(extensionID: String, instance: String, generation: Int) -> [UInt8] {
        token("\(extensionID)\u{0}control\u{0}\(instance)\u{0}\(generation)")
    }

    /// A Live Activity's own token (`pushType: .token`), in `generation`.
    public func activityToken(activityID: String, generation: Int = 0) -> [UInt8] {
        token("activity\u{0}\(activityID)\u{0}\(generation)")
    }

    /// An app's push-to-start token for one attributes type.
    public func pushToStartToken(extensionID: String, attributesType: String, generation: Int = 0) -> [UInt8] {
        token("\(extensionID)\u{0}push-to-start\u{0}\(attributesType)\u{0}\(generation)")
    }

    private func token(_ seed: String) -> [UInt8] {
        // Two 64-bit FNV-1a hashes of different texts: 128 bits, enough that distinct seeds never meet in practice.
        let high = FNV1a.hash(seed), low = FNV1a.hash(seed + "\u{1}")
        return (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64($0))) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64($0))) }
    }

    /// `bytes` as lowercase hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).leftPadded(2) }.joined()
    }

    /// Lowercase or uppercase hex back to bytes; nil for anything else (odd length, other characters).
    public static func bytes(hex: String) -> [UInt8]? {
        guard !hex.isEmpty, hex.count % 2 == 0, hex.count <= 128,
              hex.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) else { return nil }
        let digits = Array(hex)
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }
}
