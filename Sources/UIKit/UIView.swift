import Foundation
import FoundationAdditions
import QuartzCore

/// `UIResponder`: the root of UIKit's views and view controllers. It observes key-value changes, so
/// that a view or controller in app code can `override` `observeValue(forKeyPath:of:change:context:)`
/// as on Apple's platforms.
// `@unchecked Sendable`: as UIKit's are used, from the main thread.
open class UIResponder: NSObject, KeyValueObserving, @unchecked Sendable {
    public override init() { super.init() }

    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
}

/// `UIView` as app code shared with a widget builds one: frame, hierarchy, appearance values and its
/// `layer`. A widget extension has no window, so views are never shown or drawn here; the values are
/// kept and read back.
open class UIView: UIResponder, @unchecked Sendable {
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    public let layer = CALayer()
    /// The view's geometry is its layer's, as in UIKit: setting the frame sizes the bounds.
    open var frame: CGRect {
        get { layer.frame }
        set {
            layer.frame = newValue
            layer.bounds.size = newValue.size
        }
    }
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    open var contentMode: ContentMode = .scaleToFill
    open var backgroundColor: UIColor?
    open var tintColor: UIColor?
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var clipsToBounds = false
    open var isUserInteractionEnabled = true
    open var tag = 0
    open private(set) var subviews: [UIView] = []
    open private(set) weak var superview: UIView?

    public init(frame: CGRect) {
        super.init()
        self.frame = frame
    }

    public convenience override init() { self.init(frame: .zero) }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        layer.addSublayer(view.layer)
    }

    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func layoutSubviews() {}
    open func setNeedsDisplay() {}
}

/// `UIImageView`: a view showing an image.
open class UIImageView: UIView, @unchecked Sendable {
    open var image: UIImage?
    open var highlightedImage: UIImage?

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
}

/// `UIGraphicsBeginImageContextWithOptions`: begins an image drawing pass. There is no Core Graphics
/// drawing here, so no context is made: `UIGraphicsGetCurrentContext()` stays nil and code takes its
/// path for no context, as it does outside a drawing pass on Apple's platforms.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {}

/// `UIGraphicsBeginImageContext`: as `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {}

/// `UIGraphicsGetCurrentContext`: nil; nothing here makes a context.
public func UIGraphicsGetCurrentContext() -> CGContext? { nil }

/// `UIGraphicsGetImageFromCurrentImageContext`: nil, with no context to take an image from.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? { nil }

/// `UIGraphicsEndImageContext`: ends the pass begun (nothing to end here).
public func UIGraphicsEndImageContext() {}
