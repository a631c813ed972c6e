import Foundation
import WidgetArchive

/// `ProgressViewStyle`: how progress views below draw. The built-in styles are drawn by the host; a
/// custom style's `makeBody(configuration:)` is evaluated in the extension for each progress view and
/// archived like any view.
public protocol ProgressViewStyle {
    associatedtype Body: View
    typealias Configuration = ProgressViewStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// `ProgressViewStyleConfiguration`: what a progress view gives its style.
public struct ProgressViewStyleConfiguration {
    /// `ProgressViewStyleConfiguration.Label`: the progress view's label, type-erased.
    public nonisolated struct Label: View {
        let content: AnyView
        init(_ content: AnyView) { self.content = content }
        public var body: Never { primitiveBody(Self.self) }
        public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
    }

    /// `ProgressViewStyleConfiguration.CurrentValueLabel`: the current value's label, type-erased.
    public nonisolated struct CurrentValueLabel: View {
        let content: AnyView
        init(_ content: AnyView) { self.content = content }
        public var body: Never { primitiveBody(Self.self) }
        public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
    }

    let value: ProgressNode.Value
    public var label: Label?
    public var currentValueLabel: CurrentValueLabel?

    init(value: ProgressNode.Value, label: Label?, currentValueLabel: CurrentValueLabel?) {
        self.value = value
        self.label = label
        self.currentValueLabel = currentValueLabel
    }

    /// From 0 to 1; nil for an indeterminate progress view or one that follows a timer interval.
    public var fractionCompleted: Double? {
        guard case .fraction(let value, let total) = value else { return nil }
        return total > 0 ? min(1, max(0, value / total)) : 0
    }
}

/// A built-in style: the progress view is archived with it and drawn by the host.
protocol BuiltInProgressViewStyle {
    var value: ProgressStyleValue { get }
    var tint: Color? { get }
}

/// What a built-in style's `makeBody(configuration:)` gives (inside a custom style's body): the progress
/// view drawn in that style.
public nonisolated struct _BuiltInProgressView: View {
    let configuration: ProgressViewStyleConfiguration
    let style: ProgressStyleValue
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        builder.append(.progress(ProgressNode(
            value: configuration.value, style: style, label: configuration.label.map { builder.node(of: $0) },
            currentValueLabel: configuration.currentValueLabel.map { builder.node(of: $0) })))
    }
}

/// `DefaultProgressViewStyle`: `.automatic`, a bar (a spinner when indeterminate).
public struct DefaultProgressViewStyle: ProgressViewStyle, BuiltInProgressViewStyle {
    public init() {}
    var value: ProgressStyleValue { .automatic }
    var tint: Color? { nil }
    public func makeBody(configuration: Configuration) -> _BuiltInProgressView { _BuiltInProgressView(configuration: configuration, style: value) }
}

/// `LinearProgressViewStyle`: `.linear`, a bar.
public struct LinearProgressViewStyle: ProgressViewStyle, BuiltInProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    /// `LinearProgressViewStyle(tint:)` (deprecated): the bar in this colour.
    public init(tint: Color) { self.tint = tint }
    var value: ProgressStyleValue { .linear }
    public func makeBody(configuration: Configuration) -> _BuiltInProgressView { _BuiltInProgressView(configuration: configuration, style: value) }
}

/// `CircularProgressViewStyle`: `.circular`, a ring (a spinner when indeterminate).
public struct CircularProgressViewStyle: ProgressViewStyle, BuiltInProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    /// `CircularProgressViewStyle(tint:)` (deprecated): the ring in this colour.
    public init(tint: Color) { self.tint = tint }
    var value: ProgressStyleValue { .circular }
    public func makeBody(configuration: Configuration) -> _BuiltInProgressView { _BuiltInProgressView(configuration: configuration, style: value) }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() } }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() } }

private struct ProgressViewStyleKey: EnvironmentKey {
    static var defaultValue: ViewStyleChoice<ProgressStyleValue, ProgressViewStyleConfiguration> { .builtIn(.automatic) }
}

extension EnvironmentValues {
    var progressViewStyle: ViewStyleChoice<ProgressStyleValue, ProgressViewStyleConfiguration> {
        get { self[ProgressViewStyleKey.self] }
        set { self[ProgressViewStyleKey.self] = newValue }
    }
}

nonisolated extension View {
    /// `.progressViewStyle(_:)`: the style of the progress views below.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        let builtIn = style as? BuiltInProgressViewStyle
        return choosingStyle(\.progressViewStyle, builtIn: builtIn?.value) { AnyView(style.makeBody(configuration: $0)) }
            .tint(builtIn?.tint)
    }
}
