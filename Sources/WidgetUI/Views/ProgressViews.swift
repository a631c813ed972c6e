import Foundation
import WidgetArchive

/// `ProgressView`: determinate, or driven by a timer interval that the host advances at render time.
public nonisolated struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let value: ProgressNode.Value
    let label: Label?
    let currentValueLabel: CurrentValueLabel?

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        switch builder.environment.progressViewStyle {
        case .builtIn(let style):
            let label = self.label.map { builder.node(of: $0) }
            let current = self.currentValueLabel.map { builder.node(of: $0) }
            builder.append(.progress(ProgressNode(value: value, style: style, label: label, currentValueLabel: current)))
        case .custom(let makeBody, let outer):
            // The style's body, in which `ProgressView(configuration)` draws with the style it was set over.
            let configuration = ProgressViewStyleConfiguration(
                value: value, label: label.map { .init(AnyView($0)) }, currentValueLabel: currentValueLabel.map { .init(AnyView($0)) })
            var environment = builder.environment
            environment.progressViewStyle = outer
            for node in builder.nodes(of: makeBody(configuration), environment: environment) { builder.append(node) }
        }
    }
}

extension ProgressView where Label == ProgressViewStyleConfiguration.Label, CurrentValueLabel == ProgressViewStyleConfiguration.CurrentValueLabel {
    /// `ProgressView(configuration)`, inside a style's `makeBody`: the progress view as the style that
    /// style was applied over draws it.
    public init(_ configuration: ProgressViewStyleConfiguration) {
        self.init(value: configuration.value, label: configuration.label, currentValueLabel: configuration.currentValueLabel)
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
public nonisolated struct Gauge<Label: View, CurrentValueLabel: View, MinLabel: View, MaxLabel: View>: View {
    let value: Double
    let bounds: ClosedRange<Double>
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: MinLabel?
    let maximumValueLabel: MaxLabel?

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        switch builder.environment.gaugeStyle {
        case .builtIn(let style):
            builder.append(.gauge(GaugeNode(
                value: value, minimum: bounds.lowerBound, maximum: bounds.upperBound, style: style,
                label: builder.node(of: label), currentValueLabel: currentValueLabel.map { builder.node(of: $0) },
                minimumValueLabel: minimumValueLabel.map { builder.node(of: $0) },
                maximumValueLabel: maximumValueLabel.map { builder.node(of: $0) })))
        case .custom(let makeBody, let outer):
            let configuration = GaugeStyleConfiguration(
                value: value, bounds: bounds, label: .init(AnyView(label)), currentValueLabel: currentValueLabel.map { .init(AnyView($0)) },
                minimumValueLabel: minimumValueLabel.map { .init(AnyView($0)) }, maximumValueLabel: maximumValueLabel.map { .init(AnyView($0)) })
            var environment = builder.environment
            environment.gaugeStyle = outer
            for node in builder.nodes(of: makeBody(configuration), environment: environment) { builder.append(node) }
        }
    }
}

extension Gauge where Label == GaugeStyleConfiguration.Label, CurrentValueLabel == GaugeStyleConfiguration.CurrentValueLabel,
    MinLabel == GaugeStyleConfiguration.MinimumValueLabel, MaxLabel == GaugeStyleConfiguration.MaximumValueLabel {
    /// `Gauge(configuration)`, inside a style's `makeBody`: the gauge as the style that style was
    /// applied over draws it.
    public init(_ configuration: GaugeStyleConfiguration) {
        self.init(value: configuration.value, bounds: configuration.bounds, label: configuration.label,
                  currentValueLabel: configuration.currentValueLabel, minimumValueLabel: configuration.minimumValueLabel,
                  maximumValueLabel: configuration.maximumValueLabel)
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
