import CoreGraphics
import Foundation
import WidgetArchive

extension Color {
    /// `Color(cgColor:)`: a constant colour with the Core Graphics colour's components.
    public init(cgColor: CGColor) {
        let (r, g, b, a) = cgColor.rgba
        self.init(value: .rgba(red: r, green: g, blue: b, opacity: a))
    }

    /// `cgColor`: as on Apple's platforms, only a constant colour (components, or made from a
    /// `CGColor`) has one; a system, semantic or catalog colour depends on the appearance and gives
    /// `nil` (use `resolve(in:)` for those).
    public var cgColor: CGColor? {
        guard case .rgba(let r, let g, let b, let a) = value else { return nil }
        return CGColor(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a))
    }
}
