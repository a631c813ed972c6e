import Foundation

/// A colour set: sRGB components (0…1) per appearance.
public struct CatalogColor: Hashable, Sendable {
    public struct Components: Hashable, Sendable {
        public var red, green, blue, alpha: Double
        public init(red: Double, green: Double, blue: Double, alpha: Double) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    public var variants: [AssetAppearance: Components]

    public init(variants: [AssetAppearance: Components]) { self.variants = variants }

    /// The components for `appearance`, falling back as Apple's lookup does.
    public func components(for appearance: AssetAppearance) -> Components? {
        for candidate in appearance.fallbacks { if let found = variants[candidate] { return found } }
        return variants.values.first
    }

    /// Parses a colour set's `Contents.json`.
    init(contents: [String: Any]) throws(CatalogProblem) {
        guard let entries = contents["colors"] as? [[String: Any]], !entries.isEmpty else { throw CatalogProblem("no colors") }
        var variants: [AssetAppearance: Components] = [:]
        for entry in entries {
            if let idiom = entry["idiom"] as? String, !["universal", "iphone", "ipad", "watch", "mac"].contains(idiom) { continue }
            guard let color = entry["color"] as? [String: Any] else { throw CatalogProblem("an entry has no color") }
            let appearance = AssetAppearance(entry["appearances"] as? [[String: Any]])
            if variants[appearance] == nil { variants[appearance] = try Self.components(color) }
        }
        guard !variants.isEmpty else { throw CatalogProblem("no color for a supported idiom") }
        self.variants = variants
    }

    private static func components(_ color: [String: Any]) throws(CatalogProblem) -> Components {
        if let reference = color["reference"] as? String {
            guard let system = systemColors[reference] else { throw CatalogProblem("unknown system color \(reference)") }
            return system
        }
        guard let values = color["components"] as? [String: Any] else { throw CatalogProblem("a color has no components") }
        let alpha = try component(values["alpha"], name: "alpha", default: 1)
        let space = color["color-space"] as? String ?? "srgb"
        if space.hasPrefix("gray") || values["white"] != nil {
            let white = try component(values["white"], name: "white", default: nil)
            return Components(red: white, green: white, blue: white, alpha: alpha)
        }
        let red = try component(values["red"], name: "red", default: nil)
        let green = try component(values["green"], name: "green", default: nil)
        let blue = try component(values["blue"], name: "blue", default: nil)
        return Components(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A component as Xcode writes it: `"0.500"` (0…1), `"0x7F"` or `"127"` (0…255), or a number.
    private static func component(_ raw: Any?, name: String, default fallback: Double?) throws(CatalogProblem) -> Double {
        let value: Double
        switch raw {
        case let number as NSNumber where !(raw is String):
            value = number.doubleValue <= 1 ? number.doubleValue : number.doubleValue / 255
        case let text as String:
            let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
            if trimmed.hasPrefix("0x"), let hex = UInt8(trimmed.dropFirst(2), radix: 16) {
                value = Double(hex) / 255
            } else if let number = Double(trimmed), number.isFinite {
                value = trimmed.contains(".") || number <= 1 ? number : number / 255
            } else {
                throw CatalogProblem("component \(name) is not a number: \(text)")
            }
        case nil:
            guard let fallback else { throw CatalogProblem("component \(name) is missing") }
            value = fallback
        default:
            throw CatalogProblem("component \(name) is not a number")
        }
        return min(1, max(0, value))
    }

    /// The system colours a colour set can refer to, in their light appearance.
    private static let systemColors: [String: Components] = [
        "systemRedColor": Components(red: 1, green: 0.231, blue: 0.188, alpha: 1),
        "systemOrangeColor": Components(red: 1, green: 0.584, blue: 0, alpha: 1),
        "systemYellowColor": Components(red: 1, green: 0.8, blue: 0, alpha: 1),
        "systemGreenColor": Components(red: 0.204, green: 0.78, blue: 0.349, alpha: 1),
        "systemBlueColor": Components(red: 0, green: 0.478, blue: 1, alpha: 1),
        "systemPurpleColor": Components(red: 0.686, green: 0.322, blue: 0.871, alpha: 1),
        "systemPinkColor": Components(red: 1, green: 0.176, blue: 0.333, alpha: 1),
        "systemGrayColor": Components(red: 0.557, green: 0.557, blue: 0.576, alpha: 1),
        "labelColor": Components(red: 0, green: 0, blue: 0, alpha: 1),
        "secondaryLabelColor": Components(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6),
        "systemBackgroundColor": Components(red: 1, green: 1, blue: 1, alpha: 1),
        "secondarySystemBackgroundColor": Components(red: 0.949, green: 0.949, blue: 0.969, alpha: 1),
        "whiteColor": Components(red: 1, green: 1, blue: 1, alpha: 1),
        "blackColor": Components(red: 0, green: 0, blue: 0, alpha: 1),
        "clearColor": Components(red: 0, green: 0, blue: 0, alpha: 0),
    ]
}
