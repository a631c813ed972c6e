import Foundation

/// An image. Names are resolved by the host against the extension's own resources (asset) or the
/// built-in symbol set (system); the archive never holds paths.
public struct ImageNode: Hashable, Sendable, Codable {
    public enum Source: Hashable, Sendable, Codable {
        case system(String)
        case asset(String)
    }
    public var source: Source
    public var resizable: Bool
    /// `.renderingMode(.template)`: drawn in the foreground style instead of its own colours.
    public var template: Bool
    public init(source: Source, resizable: Bool = false, template: Bool = false) {
        self.source = source
        self.resizable = resizable
        self.template = template
    }
}

/// Shape kinds SwiftUI widgets use.
public enum ShapeKind: Hashable, Sendable, Codable {
    case rectangle
    /// `RoundedRectangle(cornerRadius:style:)`; `continuous` is the squircle style.
    case roundedRectangle(cornerRadius: Double, continuous: Bool)
    case circle
    case ellipse
    case capsule
    /// `ContainerRelativeShape`: concentric with the widget's corner, resolved at layout.
    case containerRelative
}

/// A shape view: filled (`fill == nil` means the inherited foreground style) or stroked.
public struct ShapeNode: Hashable, Sendable, Codable {
    public var kind: ShapeKind
    public var fill: Paint?
    /// Stroke line width; when set the shape is stroked with `fill` instead of filled.
    public var strokeWidth: Double?
    public init(kind: ShapeKind, fill: Paint? = nil, strokeWidth: Double? = nil) {
        self.kind = kind
        self.fill = fill
        self.strokeWidth = strokeWidth
    }
}

/// Visual style of a progress view or gauge.
public enum ProgressStyleValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case automatic = 0, linear, circular, accessoryCircular, accessoryCircularCapacity, accessoryLinear,
        accessoryLinearCapacity
}

/// `ProgressView`: the value is data, so a timer-driven one advances at render time.
public struct ProgressNode: Hashable, Sendable, Codable {
    public enum Value: Hashable, Sendable, Codable {
        case indeterminate
        case fraction(value: Double, total: Double)
        case timerInterval(start: Date, end: Date, countsDown: Bool)
    }
    public var value: Value
    public var style: ProgressStyleValue
    public var label: ViewNode?
    public var currentValueLabel: ViewNode?
    public init(value: Value, style: ProgressStyleValue = .automatic, label: ViewNode? = nil, currentValueLabel: ViewNode? = nil) {
        self.value = value
        self.style = style
        self.label = label
        self.currentValueLabel = currentValueLabel
    }
}

/// `Gauge(value:in:label:currentValueLabel:minimumValueLabel:maximumValueLabel:)`.
public struct GaugeNode: Hashable, Sendable, Codable {
    public var value: Double
    public var minimum: Double
    public var maximum: Double
    public var style: ProgressStyleValue
    public var label: ViewNode?
    public var currentValueLabel: ViewNode?
    public var minimumValueLabel: ViewNode?
    public var maximumValueLabel: ViewNode?
    public init(
        value: Double, minimum: Double = 0, maximum: Double = 1, style: ProgressStyleValue = .automatic,
        label: ViewNode? = nil, currentValueLabel: ViewNode? = nil, minimumValueLabel: ViewNode? = nil,
        maximumValueLabel: ViewNode? = nil
    ) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.style = style
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }
}

/// What a control does when tapped. Closures never reach the archive: a control either carries an App
/// Intent (its type identifier and its `@Parameter` values, encoded by the extension) or is inert.
public enum ControlAction: Hashable, Sendable, Codable {
    case inert
    case intent(IntentReference)
}

/// An App Intent as archived: which type, and the encoded parameters the extension rebuilds it from.
public struct IntentReference: Hashable, Sendable, Codable {
    public var typeIdentifier: String
    public var parameters: [UInt8]
    public init(typeIdentifier: String, parameters: [UInt8]) {
        self.typeIdentifier = typeIdentifier
        self.parameters = parameters
    }
}

/// `Button(intent:)` or `Toggle(isOn:intent:)`. A toggle carries both pre-rendered states so the host
/// can flip it before the extension answers.
public struct ControlNode: Hashable, Sendable, Codable {
    public enum Kind: Hashable, Sendable, Codable {
        case button(label: ViewNode)
        case toggle(isOn: Bool, onLabel: ViewNode, offLabel: ViewNode)
    }
    public var kind: Kind
    public var action: ControlAction
    public init(kind: Kind, action: ControlAction) {
        self.kind = kind
        self.action = action
    }
}
