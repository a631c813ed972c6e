import CoreGraphics
import Foundation
import WidgetArchive
import WidgetUI

extension UIColor {
    /// `UIColor(_:)` from a SwiftUI `Color` (iOS 14): the same colour, system and catalog colours
    /// staying dynamic.
    public convenience init(_ color: Color) { self.init(value: color._colorValue) }

    /// `UIColor(cgColor:)`: a constant colour with the Core Graphics colour's components.
    public convenience init(cgColor: CGColor) { self.init(value: Color(cgColor: cgColor)._colorValue) }

    /// `cgColor`: the colour resolved as `getRed(_:green:blue:alpha:)` resolves it (light appearance).
    public var cgColor: CGColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        getRed(&r, green: &g, blue: &b, alpha: &a)
        return CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// `getHue(_:saturation:brightness:alpha:)`: the HSB components of the sRGB colour, each 0 to 1.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?, brightness: UnsafeMutablePointer<CGFloat>?,
                       alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        getRed(&r, green: &g, blue: &b, alpha: &a)
        let maximum = max(r, g, b), minimum = min(r, g, b), delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == r {
                h = (g - b) / delta
            } else if maximum == g {
                h = (b - r) / delta + 2
            } else {
                h = (r - g) / delta + 4
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? delta / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = a
        return true
    }
}
