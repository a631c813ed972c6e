import Foundation
import FoundationAdditions
import WidgetArchive
import WidgetIntents

/// `ControlWidget` (iOS 18): a control for Control Center, the Lock Screen, the Action button and the
/// Mac menu bar. `@main` on a control starts the extension with just that control; in a
/// `WidgetBundle` it sits beside the widgets.
///
/// Apple documentation: "ControlWidget", "Creating controls to perform actions across the system".
@MainActor @preconcurrency public protocol ControlWidget {
    associatedtype Body: ControlWidgetConfiguration
    init()
    @ControlWidgetConfigurationBuilder var body: Self.Body { get }
}

extension ControlWidget {
    public static func main() {
        ExtensionRuntime.run(widgets: Self().body._resolveControls())
    }
}

/// `ControlWidgetConfiguration`: a control's kind, value provider and template.
public protocol ControlWidgetConfiguration {
    associatedtype Body: ControlWidgetConfiguration
    @ControlWidgetConfigurationBuilder var body: Self.Body { get }
    /// The controls this configuration declares, served like widgets of the `control` family.
    func _resolveControls() -> [_ResolvedWidget]
}

extension ControlWidgetConfiguration {
    public func _resolveControls() -> [_ResolvedWidget] { body._resolveControls() }
}

extension Never: ControlWidgetConfiguration {}

/// `@ControlWidgetConfigurationBuilder`.
@resultBuilder
public enum ControlWidgetConfigurationBuilder {
    public static func buildBlock<C: ControlWidgetConfiguration>(_ content: C) -> C { content }
    public static func buildExpression<C: ControlWidgetConfiguration>(_ content: C) -> C { content }
}

/// A control configuration with its modifiers applied.
package struct _ModifiedControlConfiguration<Content: ControlWidgetConfiguration>: ControlWidgetConfiguration {
    public typealias Body = Never
    let content: Content
    let transform: (inout _ResolvedWidget) -> Void
    public var body: Never { preconditionFailure("modified control configurations are primitive") }
    public func _resolveControls() -> [_ResolvedWidget] {
        content._resolveControls().map { control in
            var control = control
            transform(&control)
            return control
        }
    }
}

extension ControlWidgetConfiguration {
    private func modified(_ transform: @escaping (inout _ResolvedWidget) -> Void) -> _ModifiedControlConfiguration<Self> {
        _ModifiedControlConfiguration(content: self, transform: transform)
    }

    /// The name shown in the controls gallery (the app's name when not set).
    public func displayName(_ displayName: LocalizedStringResource) -> some ControlWidgetConfiguration {
        modified { $0.displayName = String(localized: displayName) }
    }

    public func description(_ description: LocalizedStringResource) -> some ControlWidgetConfiguration {
        modified { $0.description = String(localized: description) }
    }

    /// The system asks for the control's configuration when it is added: the host refuses to run or
    /// tap the control without one.
    public func promptsForUserConfiguration() -> some ControlWidgetConfiguration {
        modified { $0.flags.insert(.promptsForUserConfiguration) }
    }

    /// Opts the control into push updates: the host issues it a token and tells `pushHandlerType` of it.
    public func pushHandler(_ pushHandlerType: any ControlPushHandler.Type) -> some ControlWidgetConfiguration {
        modified { $0.pushHandler = .control(pushHandlerType) }
    }
}

/// A control in a `WidgetBundle`: the builder turns it into the widget-shaped value bundles hold.
public struct _ControlInBundle<Control: ControlWidget>: Widget {
    let control: Control
    public init() { control = Control() }
    init(_ control: Control) { self.control = control }
    public var body: _BundleConfiguration { _BundleConfiguration(widgets: control.body._resolveControls()) }
}

extension WidgetBundleBuilder {
    public static func buildExpression<C: ControlWidget>(_ control: C) -> _ControlInBundle<C> { _ControlInBundle(control) }
}
