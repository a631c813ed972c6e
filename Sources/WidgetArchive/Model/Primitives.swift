import Foundation

/// An image. Names are resolved by the host against the extension's own resources (asset) or the
/// built-in symbol set (system); the archive never holds paths.
public struct ImageNode: Hashable, Sendable, Codable {
    public enum Source: Hashable, Sendable, Codable {
        case system(String)
        case asset(String)
        /// Encoded image bytes made by the extension (`Image(uiImage: UIImage(data:))`); PNG is drawn.
        case data([UInt8])
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
    /// A custom `Shape` or `Path`: its outline as evaluated in the extension for `reference` (the size
    /// layout gives it), scaled by the host to the frame it draws in.
    case path(PathValue)
}

/// An outline: subpaths of lines and Bézier curves, in points.
public struct PathValue: Hashable, Sendable, Codable {
    public enum Element: Hashable, Sendable, Codable {
        case move(x: Double, y: Double)
        case line(x: Double, y: Double)
        case quad(x: Double, y: Double, cx: Double, cy: Double)
        case cubic(x: Double, y: Double, c1x: Double, c1y: Double, c2x: Double, c2y: Double)
        case close
    }
    public var elements: [Element]
    /// The rectangle size the outline was made for.
    public var referenceWidth: Double
    public var referenceHeight: Double
    public init(elements: [Element], referenceWidth: Double, referenceHeight: Double) {
        self.elements = elements
        self.referenceWidth = referenceWidth
        self.referenceHeight = referenceHeight
    }
}

/// `StrokeStyle`'s ends and joins, and an inset stroke (`strokeBorder`).
public struct StrokeStyleValue: Hashable, Sendable, Codable {
    public enum Cap: UInt8, Hashable, Sendable, Codable, CaseIterable { case butt = 0, round, square }
    public enum Join: UInt8, Hashable, Sendable, Codable, CaseIterable { case miter = 0, round, bevel }
    public var cap: Cap
    public var join: Join
    /// `strokeBorder`: the stroke lies inside the outline instead of centred on it.
    public var inset: Bool
    /// `StrokeStyle(dash:dashPhase:)`: lengths of dashes and gaps in turn, in points (empty: solid),
    /// and how far into the pattern the stroke starts.
    public var dash: [Double]
    public var dashPhase: Double
    /// Dash patterns longer than this are refused by the decoder (SwiftUI's are a few numbers).
    public static let maximumDashCount = 16

    public init(cap: Cap = .butt, join: Join = .miter, inset: Bool = false, dash: [Double] = [], dashPhase: Double = 0) {
        self.cap = cap
        self.join = join
        self.inset = inset
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// Whether the pattern draws dashes: some length positive, none negative or infinite.
    public var isDashed: Bool {
        !dash.isEmpty && dash.contains { $0 > 0 } && dash.allSatisfy { $0 >= 0 && $0.isFinite }
    }
}

/// A shape view: filled (`fill == nil` means the inherited foreground style) or stroked.
public struct ShapeNode: Hashable, Sendable, Codable {
    public var kind: ShapeKind
    public var fill: Paint?
    /// Stroke line width; when set the shape is stroked with `fill` instead of filled.
    public var strokeWidth: Double?
    /// How a stroke ends and joins; `nil` is butt ends, mitred joins, centred.
    public var strokeStyle: StrokeStyleValue?
    /// `.trim(from:to:)`: only this fraction of the outline, starting where the shape's path starts.
    public var trim: ClosedRange<Double>?
    public init(kind: ShapeKind, fill: Paint? = nil, strokeWidth: Double? = nil, strokeStyle: StrokeStyleValue? = nil,
                trim: ClosedRange<Double>? = nil) {
        self.kind = kind
        self.fill = fill
        self.strokeWidth = strokeWidth
        self.strokeStyle = strokeStyle
        self.trim = trim
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
        /// A button drawn as its label alone (`.buttonStyle(.plain)`, a custom `ButtonStyle`).
        case plainButton(label: ViewNode)
    }
    public var kind: Kind
    public var action: ControlAction
    public init(kind: Kind, action: ControlAction) {
        self.kind = kind
        self.action = action
    }
}
