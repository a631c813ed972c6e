import Foundation
import WidgetArchive

/// `Color.description`, as SwiftUI writes it: `#RRGGBBAA` for a colour made from components (code reads
/// them back by parsing it), the name of a system colour (`red`), `NamedColor(name:bundle:)` for an asset
/// catalog's, with `N% ` in front of a system or asset colour shown at an opacity.
extension Color: CustomStringConvertible {
    public var description: String {
        switch value {
        case .rgba(let r, let g, let b, let a):
            func hex(_ v: Double) -> String {
                let byte = Int((min(1, max(0, v.isNaN ? 0 : v)) * 255).rounded())
                return String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
            return "#" + hex(r) + hex(g) + hex(b) + hex(a)
        case .system(let color, let opacity):
            return Self.withOpacity(opacity, color == .accent ? "AccentColor" : "\(color)")
        case .asset(let asset):
            return Self.withOpacity(asset.opacity, "NamedColor(name: \"\(asset.name)\", bundle: nil)")
        }
    }

    private static func withOpacity(_ opacity: Double, _ name: String) -> String {
        opacity < 1 ? "\(Int((opacity * 100).rounded()))% \(name)" : name
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
