import Foundation
import WidgetUI

/// `Widget`: one widget kind. `@main` on a widget starts the extension with just that widget.
@MainActor @preconcurrency public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    @WidgetConfigurationBuilder var body: Self.Body { get }
    /// URL schemes the app handles; see `WidgetBundle.urlSchemes`.
    static var urlSchemes: [String] { get }
}

extension Widget {
    public static func main() {
        ExtensionRuntime.run(widgets: Self().body._resolve(), urlSchemes: urlSchemes)
    }

    /// The URL schemes the widget's app handles (what an app's Info.plist URL types declare). The host
    /// refuses taps on widget URLs and links with other schemes; http and https are always allowed.
    public static var urlSchemes: [String] { [] }
}

/// `WidgetBundle`: several widgets in one extension. `@main` on it starts the extension.
@MainActor @preconcurrency public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Self.Body { get }
    /// The URL schemes the widgets' app handles (what an app's Info.plist URL types declare). The host
    /// refuses taps on widget URLs and links with other schemes; http and https are always allowed.
    static var urlSchemes: [String] { get }
}

extension WidgetBundle {
    public static func main() {
        ExtensionRuntime.run(widgets: Self().body._widgets(), urlSchemes: urlSchemes)
    }

    /// The URL schemes the widgets' app handles (what an app's Info.plist URL types declare). The host
    /// refuses taps on widget URLs and links with other schemes; http and https are always allowed.
    public static var urlSchemes: [String] { [] }
}

extension Widget {
    /// The resolved widgets this value stands for (several for a bundle's tuple). `Widget` is
    /// main-actor isolated as SwiftUI's is, so that an author's widget may use main-actor code; the
    /// runtime resolves widgets once, at launch on the main thread, and previews' widgets where the
    /// preview is served, and a body only builds configuration values.
    package nonisolated func _widgets() -> [_ResolvedWidget] {
        let resolve: @MainActor (Self) -> [_ResolvedWidget] = { $0.body._resolve() }
        return unsafeBitCast(resolve, to: ((Self) -> [_ResolvedWidget]).self)(self)
    }
}

/// `@WidgetBundleBuilder`: any number of widgets, and `if` for availability. On the main actor, as
/// the bundle's `body` that uses it and the widgets it holds are.
@resultBuilder @MainActor
public enum WidgetBundleBuilder {
    public static func buildBlock<each W: Widget>(_ widgets: repeat each W) -> _WidgetTuple<repeat each W> {
        _WidgetTuple(repeat each widgets)
    }
    public static func buildExpression<W: Widget>(_ widget: W) -> W { widget }
    public static func buildOptional<W: Widget>(_ widget: W?) -> _OptionalWidget<W> { _OptionalWidget(widget: widget) }
    public static func buildLimitedAvailability<W: Widget>(_ widget: W) -> W { widget }
}

/// Several widgets of a bundle.
public struct _WidgetTuple<each W: Widget>: Widget {
    let widgets: (repeat each W)
    init(_ widgets: repeat each W) { self.widgets = (repeat each widgets) }
    public init() { self.widgets = (repeat (each W).init()) }
    public var body: _BundleConfiguration {
        var all: [_ResolvedWidget] = []
        for widget in repeat each widgets { all.append(contentsOf: widget._widgets()) }
        return _BundleConfiguration(widgets: all)
    }
}

/// An `if` in a bundle.
public struct _OptionalWidget<W: Widget>: Widget {
    let widget: W?
    public init() { widget = nil }
    init(widget: W?) { self.widget = widget }
    public var body: _BundleConfiguration { _BundleConfiguration(widgets: widget?._widgets() ?? []) }
}

/// The configurations of several widgets, already resolved.
public struct _BundleConfiguration: WidgetConfiguration {
    public typealias Body = Never
    let widgets: [_ResolvedWidget]
    public var body: Never { preconditionFailure("bundle configurations are primitive") }
    public func _resolve() -> [_ResolvedWidget] { widgets }
}
