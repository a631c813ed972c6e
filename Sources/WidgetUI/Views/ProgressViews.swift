import Foundation
import WidgetArchive

/// `ProgressView`: determinate, or driven by a timer interval that the host advances at render time.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let value: ProgressNode.Value
    let label: Label?
    let currentValueLabel: CurrentValueLabel?

    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        let label = self.label.map { builder.node(of: $0) }
        let current = self.currentValueLabel.map { builder.node(of: $0) }
        builder.append(.progress(ProgressNode(
            value: value, style: builder.environment.progressStyle, label: label, currentValueLabel: current)))
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() { self.init(value: .indeterminate, label: nil, currentValueLabel: nil) }

    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(value: .fraction(value: Double(value ?? 0), total: Double(total)), label: nil, currentValueLabel: nil)
    }

    /// `ProgressView(timerInterval:countsDown:)`.
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
        self.init(
            value: .timerInterval(start: timerInterval.lowerBound, end: timerInterval.upperBound, countsDown: countsDown),
            label: nil, currentValueLabel: nil)
    }

    /// The beta spelling some sample code uses: `ProgressView(interval:countdown:)`.
    public init(interval: ClosedRange<Date>, countdown: Bool = true) {
        self.init(timerInterval: interval, countsDown: countdown)
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(value: .fraction(value: Double(value ?? 0), total: Double(total)), label: label(), currentValueLabel: nil)
    }

    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label) {
        self.init(
            value: .timerInterval(start: timerInterval.lowerBound, end: timerInterval.upperBound, countsDown: countsDown),
            label: label(), currentValueLabel: nil)
    }
}

extension ProgressView {
    public init(
        timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(
            value: .timerInterval(start: timerInterval.lowerBound, end: timerInterval.upperBound, countsDown: countsDown),
            label: label(), currentValueLabel: currentValueLabel())
    }
}

/// `Gauge`.
public struct Gauge<Label: View, CurrentValueLabel: View, MinLabel: View, MaxLabel: View>: View {
    let value: Double
    let bounds: ClosedRange<Double>
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: MinLabel?
    let maximumValueLabel: MaxLabel?

    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        builder.append(.gauge(GaugeNode(
            value: value, minimum: bounds.lowerBound, maximum: bounds.upperBound, style: builder.environment.progressStyle,
            label: builder.node(of: label), currentValueLabel: currentValueLabel.map { builder.node(of: $0) },
            minimumValueLabel: minimumValueLabel.map { builder.node(of: $0) },
            maximumValueLabel: maximumValueLabel.map { builder.node(of: $0) })))
    }
}

extension Gauge where CurrentValueLabel == EmptyView, MinLabel == EmptyView, MaxLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: Double(value), bounds: Double(bounds.lowerBound)...Double(bounds.upperBound), label: label(),
                  currentValueLabel: nil, minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

extension Gauge where MinLabel == EmptyView, MaxLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(value: Double(value), bounds: Double(bounds.lowerBound)...Double(bounds.upperBound), label: label(),
                  currentValueLabel: currentValueLabel(), minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

extension Gauge {
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder minimumValueLabel: () -> MinLabel,
        @ViewBuilder maximumValueLabel: () -> MaxLabel
    ) {
        self.init(value: Double(value), bounds: Double(bounds.lowerBound)...Double(bounds.upperBound), label: label(),
                  currentValueLabel: currentValueLabel(), minimumValueLabel: minimumValueLabel(),
                  maximumValueLabel: maximumValueLabel())
    }
}

/// Progress and gauge styles: `.progressViewStyle(.circular)`, `.gaugeStyle(.accessoryCircular)`.
public struct ProgressStyle: Hashable, Sendable {
    let value: ProgressStyleValue
    public static let automatic = ProgressStyle(value: .automatic)
    public static let linear = ProgressStyle(value: .linear)
    public static let circular = ProgressStyle(value: .circular)
    public static let accessoryCircular = ProgressStyle(value: .accessoryCircular)
    public static let accessoryCircularCapacity = ProgressStyle(value: .accessoryCircularCapacity)
    public static let accessoryLinear = ProgressStyle(value: .accessoryLinear)
    public static let accessoryLinearCapacity = ProgressStyle(value: .accessoryLinearCapacity)
}

public typealias CircularProgressViewStyle = ProgressStyle
public typealias LinearProgressViewStyle = ProgressStyle

struct ProgressStyleKey: EnvironmentKey {
    static var defaultValue: ProgressStyleValue { .automatic }
}

extension EnvironmentValues {
    var progressStyle: ProgressStyleValue {
        get { self[ProgressStyleKey.self] }
        set { self[ProgressStyleKey.self] = newValue }
    }
}

extension View {
    public func progressViewStyle(_ style: ProgressStyle) -> some View {
        archived(environment: { $0.progressStyle = style.value })
    }
    public func gaugeStyle(_ style: ProgressStyle) -> some View {
        archived(environment: { $0.progressStyle = style.value })
    }
}
