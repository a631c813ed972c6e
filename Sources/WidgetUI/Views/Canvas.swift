import CoreGraphics
import Foundation
import WidgetArchive

/// `Canvas` (iOS 15): immediate-mode drawing. Its renderer is code the host cannot run, and the
/// extension records no drawing, so it archives as the system's placeholder and the author is told.
/// The renderer is never called.
public nonisolated struct Canvas<Symbols: View>: View {
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) where Symbols == EmptyView {}

    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols) {}

    public var body: _UnsupportedView { _UnsupportedView(name: "Canvas") }
}

/// `GraphicsContext`: what a `Canvas` renderer draws into. Since no renderer is run here, drawing
/// records nothing; the type lets renderers compile.
public struct GraphicsContext {
    public var opacity: Double = 1
    public var blendMode: BlendMode = .normal
    public var environment: EnvironmentValues { EnvironmentValues() }

    init() {}

    /// `GraphicsContext.BlendMode`.
    public struct BlendMode: Hashable, Sendable {
        let name: String
        public static let normal = BlendMode(name: "normal")
        public static let multiply = BlendMode(name: "multiply")
        public static let screen = BlendMode(name: "screen")
        public static let overlay = BlendMode(name: "overlay")
        public static let plusDarker = BlendMode(name: "plusDarker")
        public static let plusLighter = BlendMode(name: "plusLighter")
    }

    /// `GraphicsContext.GradientOptions`.
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    /// `GraphicsContext.Shading`: what a fill or stroke paints with.
    public struct Shading {
        let description: String
        public static var foreground: Shading { Shading(description: "foreground") }
        public static func color(_ color: Color) -> Shading { Shading(description: "color") }
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(description: "style") }
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading { Shading(description: "linearGradient") }
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                          options: GradientOptions = GradientOptions()) -> Shading { Shading(description: "radialGradient") }
    }

    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {}
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {}
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {}
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {}
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {}
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {}
    public func draw(_ text: Text, in rect: CGRect) {}
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = self
        try content(&layer)
    }
    public mutating func translateBy(x: CGFloat, y: CGFloat) {}
    public mutating func scaleBy(x: CGFloat, y: CGFloat) {}
    public mutating func rotate(by angle: Angle) {}
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {}

    /// `GraphicsContext.ClipOptions`.
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let inverse = ClipOptions(rawValue: 1)
    }
}

/// `ImageRenderer` (iOS 16): rasterises a view. There is no rasteriser in the extension, so the
/// images are `nil` (`uiImage` comes with UIKit); code that falls back when rendering fails keeps working.
/// Apple isolates it to the main actor, where a view's body runs; the views here are not isolated, so
/// neither is the renderer, or a body that makes one would not compile.
public final class ImageRenderer<Content: View> {
    public var content: Content
    public var proposedSize: ProposedViewSize = .unspecified
    public var scale: CGFloat = 1
    public var isOpaque: Bool = false
    public var colorMode: ColorRenderingMode = .nonLinear

    public init(content view: Content) { content = view }

    /// Always `nil`: nothing is rasterised here.
    public var cgImage: CGImage? { nil }
}
