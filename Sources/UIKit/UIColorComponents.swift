import Foundation
import WidgetArchive
import WidgetLayout

extension UIColor {
    /// `getRed(_:green:blue:alpha:)`: the sRGB components, 0 to 1. A system colour gives its light
    /// appearance (what `UITraitCollection.current` is here); an asset colour its light variant.
    /// Always `true`: every colour here is in an RGB space.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?,
                       alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let (r, g, b, a) = components
        red?.pointee = CGFloat(r)
        green?.pointee = CGFloat(g)
        blue?.pointee = CGFloat(b)
        alpha?.pointee = CGFloat(a)
        return true
    }

    /// `getWhite(_:alpha:)`: the luminance (Rec. 709) and alpha.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let (r, g, b, a) = components
        white?.pointee = CGFloat(0.2126 * r + 0.7152 * g + 0.0722 * b)
        alpha?.pointee = CGFloat(a)
        return true
    }

    /// The colour resolved in the light scheme, as straight sRGB components.
    private var components: (Double, Double, Double, Double) {
        switch value {
        case .rgba(let r, let g, let b, let a):
            return (r, g, b, a)
        case .system(let color, let opacity):
            let resolved = SystemPalette.resolve(color, scheme: .light)
            return (resolved.r, resolved.g, resolved.b, resolved.a * opacity)
        case .asset(let asset):
            guard let light = asset.light else { return (0, 0, 0, asset.opacity) }
            return (light.red, light.green, light.blue, light.alpha * asset.opacity)
        }
    }
}
