import Foundation
// Charts re-exports SwiftUI, as on Apple's platforms.
@_exported import SwiftUI

/// `Plottable`: what a mark can place: numbers, dates and strings (categories).
public protocol Plottable {
    var _plotValue: PlotValue { get }
}

/// A plotted value as the chart places it.
public enum PlotValue: Hashable, Sendable {
    case number(Double)
    case date(Date)
    case category(String)

    var number: Double? {
        switch self {
        case .number(let n): n
        case .date(let d): d.timeIntervalSince1970
        case .category: nil
        }
    }

    /// The value as the type code plotted it with (`Int`, `Double`, `Date`, `String`…), for closures that
    /// take the data's own type (axis labels, style scales).
    func `as`<P>(_ type: P.Type) -> P? {
        switch self {
        case .number(let n): (n as? P) ?? (Int(exactly: n) as? P) ?? (Float(n) as? P) ?? (CGFloat(n) as? P)
        case .date(let d): d as? P
        case .category(let s): s as? P
        }
    }
}

extension Int: Plottable { public var _plotValue: PlotValue { .number(Double(self)) } }
extension Double: Plottable { public var _plotValue: PlotValue { .number(self) } }
extension Float: Plottable { public var _plotValue: PlotValue { .number(Double(self)) } }
extension CGFloat: Plottable { public var _plotValue: PlotValue { .number(Double(self)) } }
extension Decimal: Plottable { public var _plotValue: PlotValue { .number(NSDecimalNumber(decimal: self).doubleValue) } }
extension String: Plottable { public var _plotValue: PlotValue { .category(self) } }
extension Date: Plottable { public var _plotValue: PlotValue { .date(self) } }

/// `PlottableValue`: a value and the label of its axis (`.value("Steps", 1200)`).
public struct PlottableValue<Value: Plottable> {
    let label: String
    let value: PlotValue
    /// For dates plotted in units (`unit: .day`): the unit's length, which bars span.
    let unit: Calendar.Component?

    public static func value(_ label: String, _ value: Value) -> PlottableValue { PlottableValue(label: label, value: value._plotValue, unit: nil) }
    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue {
        PlottableValue(label: label.plainText, value: value._plotValue, unit: nil)
    }
    public static func value(_ label: Text, _ value: Value) -> PlottableValue { PlottableValue(label: "", value: value._plotValue, unit: nil) }
}

extension PlottableValue where Value == Date {
    public static func value(_ label: String, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current) -> PlottableValue {
        PlottableValue(label: label, value: .date(value), unit: unit)
    }
    public static func value(_ label: LocalizedStringKey, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current) -> PlottableValue {
        PlottableValue(label: label.plainText, value: .date(value), unit: unit)
    }
}

/// `MarkDimension`: a mark's width or height (points, a ratio of its band, or automatic).
public struct MarkDimension: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, Sendable {
    enum Kind: Sendable { case automatic, fixed(Double), ratio(Double), inset(Double) }
    let kind: Kind
    public init(integerLiteral value: Int) { kind = .fixed(Double(value)) }
    public init(floatLiteral value: Double) { kind = .fixed(value) }
    init(kind: Kind) { self.kind = kind }
    public static let automatic = MarkDimension(kind: .automatic)
    public static func fixed(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .fixed(Double(value))) }
    public static func ratio(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .ratio(Double(value))) }
    public static func inset(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .inset(Double(value))) }
}

/// `MarkStackingMethod`.
public enum MarkStackingMethod: Hashable, Sendable { case standard, normalized, center, unstacked }

/// `InterpolationMethod`: how a line or area joins its points.
public struct InterpolationMethod: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case linear, smooth, stepStart, stepCenter, stepEnd }
    let kind: Kind
    public static let linear = InterpolationMethod(kind: .linear)
    public static let catmullRom = InterpolationMethod(kind: .smooth)
    public static let cardinal = InterpolationMethod(kind: .smooth)
    public static let monotone = InterpolationMethod(kind: .smooth)
    public static let stepStart = InterpolationMethod(kind: .stepStart)
    public static let stepCenter = InterpolationMethod(kind: .stepCenter)
    public static let stepEnd = InterpolationMethod(kind: .stepEnd)
    public static func catmullRom(alpha: Double) -> InterpolationMethod { .catmullRom }
    public static func cardinal(tension: Double) -> InterpolationMethod { .cardinal }
}
