import Foundation
import WidgetArchive

/// `GaugeStyle`: how gauges below draw. The built-in styles are drawn by the host; a custom style's
/// `makeBody(configuration:)` is evaluated in the extension for each gauge and archived like any view.
public protocol GaugeStyle {
    associatedtype Body: View
    typealias Configuration = GaugeStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// `GaugeStyleConfiguration`: what a gauge gives its style.
public struct GaugeStyleConfiguration {
    /// `GaugeStyleConfiguration.Label`: what the gauge measures, type-erased.
    public nonisolated struct Label: View {
        let content: AnyView
        init(_ content: AnyView) { self.content = content }
        public var body: Never { primitiveBody(Self.self) }
        public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
    }

    /// `GaugeStyleConfiguration.CurrentValueLabel`.
    public nonisolated struct CurrentValueLabel: View {
        let content: AnyView
        init(_ content: AnyView) { self.content = content }
        public var body: Never { primitiveBody(Self.self) }
        public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
    }

    /// `GaugeStyleConfiguration.MinimumValueLabel`.
    public nonisolated struct MinimumValueLabel: View {
        let content: AnyView
        init(_ content: AnyView) { self.content = content }
        public var body: Never { primitiveBody(Self.self) }
        public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
    }

    /// `GaugeStyleConfiguration.MaximumValueLabel`.
    public nonisolated struct MaximumValueLabel: View {
        let content: AnyView
        init(_ content: AnyView) { self.content = content }
        public var body: Never { primitiveBody(Self.self) }
        public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
    }

    /// The gauge's value and range, as it was made; `value` is where the value lies in it, 0 to 1.
    let rawValue: Double
    let bounds: ClosedRange<Double>
    public var label: Label
    public var currentValueLabel: CurrentValueLabel?
    public var minimumValueLabel: MinimumValueLabel?
    public var maximumValueLabel: MaximumValueLabel?

    init(value: Double, bounds: ClosedRange<Double>, label: Label, currentValueLabel: CurrentValueLabel?,
         minimumValueLabel: MinimumValueLabel?, maximumValueLabel: MaximumValueLabel?) {
        rawValue = value
        self.bounds = bounds
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }

    /// `value`: the gauge's position in its range, from 0 to 1.
    public var value: Double {
        let span = bounds.upperBound - bounds.lowerBound
        return span > 0 ? min(1, max(0, (rawValue - bounds.lowerBound) / span)) : 0
    }
}

/// A built-in style: the gauge is archived with it and drawn by the host.
protocol BuiltInGaugeStyle {
    var value: ProgressStyleValue { get }
}

/// What a built-in style's `makeBody(configuration:)` gives (inside a custom style's body): the gauge
/// drawn in that style.
public nonisolated struct _BuiltInGaugeView: View {
    let configuration: GaugeStyleConfiguration
    let style: ProgressStyleValue
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let c = configuration
        builder.append(.gauge(GaugeNode(
            value: c.rawValue, minimum: c.bounds.lowerBound, maximum: c.bounds.upperBound, style: style, label: builder.node(of: c.label),
            currentValueLabel: c.currentValueLabel.map { builder.node(of: $0) }, minimumValueLabel: c.minimumValueLabel.map { builder.node(of: $0) },
            maximumValueLabel: c.maximumValueLabel.map { builder.node(of: $0) })))
    }
}

/// `DefaultGaugeStyle`: `.automatic`, circular in a circular accessory family and a capacity bar elsewhere.
public struct DefaultGaugeStyle: GaugeStyle, BuiltInGaugeStyle {
    public init() {}
    var value: ProgressStyleValue { .automatic }
    public func makeBody(configuration: Configuration) -> _BuiltInGaugeView { _BuiltInGaugeView(configuration: configuration, style: value) }
}

/// `AccessoryCircularGaugeStyle`: `.accessoryCircular`, an open ring with a marker at the value.
public struct AccessoryCircularGaugeStyle: GaugeStyle, BuiltInGaugeStyle {
    public init() {}
    var value: ProgressStyleValue { .accessoryCircular }
    public func makeBody(configuration: Configuration) -> _BuiltInGaugeView { _BuiltInGaugeView(configuration: configuration, style: value) }
}

/// `AccessoryCircularCapacityGaugeStyle`: `.accessoryCircularCapacity`, a closed ring filled to the value.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle, BuiltInGaugeStyle {
    public init() {}
    var value: ProgressStyleValue { .accessoryCircularCapacity }
    public func makeBody(configuration: Configuration) -> _BuiltInGaugeView { _BuiltInGaugeView(configuration: configuration, style: value) }
}

/// `AccessoryLinearGaugeStyle`: `.accessoryLinear`, a bar with a marker at the value.
public struct AccessoryLinearGaugeStyle: GaugeStyle, BuiltInGaugeStyle {
    public init() {}
    var value: ProgressStyleValue { .accessoryLinear }
    public func makeBody(configuration: Configuration) -> _BuiltInGaugeView { _BuiltInGaugeView(configuration: configuration, style: value) }
}

/// `AccessoryLinearCapacityGaugeStyle`: `.accessoryLinearCapacity`, a bar filled to the value.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle, BuiltInGaugeStyle {
    public init() {}
    var value: ProgressStyleValue { .accessoryLinearCapacity }
    public func makeBody(configuration: Configuration) -> _BuiltInGaugeView { _BuiltInGaugeView(configuration: configuration, style: value) }
}

/// `LinearCapacityGaugeStyle`: `.linearCapacity`, a bar filled to the value with the labels around it;
/// drawn as the accessory capacity bar is.
public struct LinearCapacityGaugeStyle: GaugeStyle, BuiltInGaugeStyle {
    public init() {}
    var value: ProgressStyleValue { .accessoryLinearCapacity }
    public func makeBody(configuration: Configuration) -> _BuiltInGaugeView { _BuiltInGaugeView(configuration: configuration, style: value) }
}

extension GaugeStyle where Self == DefaultGaugeStyle { public static var automatic: DefaultGaugeStyle { DefaultGaugeStyle() } }
extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
    public static var accessoryCircular: AccessoryCircularGaugeStyle { AccessoryCircularGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { AccessoryCircularCapacityGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
    public static var accessoryLinear: AccessoryLinearGaugeStyle { AccessoryLinearGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { AccessoryLinearCapacityGaugeStyle() }
}
extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}

private struct GaugeStyleKey: EnvironmentKey {
    static var defaultValue: ViewStyleChoice<ProgressStyleValue, GaugeStyleConfiguration> { .builtIn(.automatic) }
}

extension EnvironmentValues {
    var gaugeStyle: ViewStyleChoice<ProgressStyleValue, GaugeStyleConfiguration> {
        get { self[GaugeStyleKey.self] }
        set { self[GaugeStyleKey.self] = newValue }
    }
}

nonisolated extension View {
    /// `.gaugeStyle(_:)`: the style of the gauges below.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        choosingStyle(\.gaugeStyle, builtIn: (style as? BuiltInGaugeStyle)?.value) { AnyView(style.makeBody(configuration: $0)) }
    }
}
