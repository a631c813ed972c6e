import CoreGraphics
import Foundation

/// `CALayer`: the geometry and appearance values app code sets on a view's layer. They are kept and
/// read back; nothing is composited.
// `@unchecked Sendable`: as Apple declares it; a layer is used from one thread at a time.
open class CALayer: NSObject, @unchecked Sendable {
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var position: CGPoint = .zero
    open var cornerRadius: CGFloat = 0
    open var masksToBounds = false
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var backgroundColor: CGColor?
    open var opacity: Float = 1
    open var isHidden = false
    open var shadowColor: CGColor?
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var contentsScale: CGFloat = 1
    open private(set) var sublayers: [CALayer]?
    open private(set) weak var superlayer: CALayer?

    public override init() { super.init() }

    open func addSublayer(_ layer: CALayer) {
        layer.removeFromSuperlayer()
        sublayers = (sublayers ?? []) + [layer]
        layer.superlayer = self
    }

    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    /// Draws the layer into `context`. No context exists here to draw into, so this draws nothing.
    open func render(in context: CGContext) {}

    open func setNeedsDisplay() {}
    open func layoutIfNeeded() {}
}
