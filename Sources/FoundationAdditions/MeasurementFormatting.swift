import Foundation

// Measurement formatting, which widget code uses on Apple's platforms and Linux's Foundation lacks
// (`MeasurementFormatter` is unavailable there, `Measurement.formatted` missing). English output, as
// Apple's formatters give it in the en_US locale; numbers keep at most two fraction digits.

extension Measurement {
    /// `Measurement.FormatStyle`: how a measurement is written (a `FormatStyle`, so `Text(value,
    /// format:)` and `"\(value, format:)"` take it).
    public struct FormatStyle: Foundation.FormatStyle, Hashable, Sendable, Codable {
        /// `Measurement.FormatStyle.UnitWidth`.
        public typealias UnitWidth = MeasurementUnitWidth

        public var width: UnitWidth
        public var fractionDigits: ClosedRange<Int>

        public init(width: UnitWidth, fractionDigits: ClosedRange<Int> = 0...2) {
            self.width = width
            self.fractionDigits = fractionDigits
        }

        public func format(_ measurement: Measurement<UnitType>) -> String {
            MeasurementText.string(value: measurement.value, unit: measurement.unit, width: width, fractionDigits: fractionDigits)
        }
    }

    /// `measurement.formatted()`: abbreviated ("5.2 km").
    public func formatted() -> String { formatted(FormatStyle(width: .abbreviated)) }

    public func formatted(_ style: FormatStyle) -> String { style.format(self) }
}

extension Measurement.FormatStyle {
    /// `.measurement(width:)`, also with the usage and number style Apple's API takes (usage picks the
    /// unit on Apple's platforms; here the measurement's own unit is kept).
    public static func measurement(
        width: UnitWidth, usage: MeasurementUsage<UnitType>? = nil, numberFormatStyle: FloatingPointFormatStyle<Double>? = nil
    ) -> Self {
        Self(width: width)
    }
}

/// How wide a measurement's unit is written.
public enum MeasurementUnitWidth: Hashable, Sendable, Codable { case wide, abbreviated, narrow }

/// `MeasurementFormatUnitUsage`: what a measurement is for (person's height, road distance…). Kept for
/// source compatibility; the measurement's own unit is always shown.
public struct MeasurementUsage<UnitType: Unit>: Hashable, Sendable {
    let name: String
    public static var general: Self { Self(name: "general") }
    public static var asProvided: Self { Self(name: "asProvided") }
}

/// `MeasurementFormatter`.
// `@unchecked Sendable`: As Foundation's formatters are: configured first, then used; never changed while shared.
open class MeasurementFormatter: Formatter, @unchecked Sendable {
    /// `MeasurementFormatter.UnitOptions`.
    public struct UnitOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let providedUnit = UnitOptions(rawValue: 1)
        public static let naturalScale = UnitOptions(rawValue: 2)
        public static let temperatureWithoutUnit = UnitOptions(rawValue: 4)
    }

    open var unitOptions: UnitOptions = []
    open var unitStyle: Formatter.UnitStyle = .medium
    open var locale: Locale! = Locale(identifier: "en_US")
    open var numberFormatter: NumberFormatter! = {
        let formatter = NumberFormatter()
        formatter.maximumFractionDigits = 2
        return formatter
    }()

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func string(from measurement: Measurement<Unit>) -> String {
        let width: MeasurementUnitWidth = switch unitStyle {
        case .short: .narrow
        case .long: .wide
        default: .abbreviated
        }
        let digits = (numberFormatter?.minimumFractionDigits ?? 0)...max(numberFormatter?.minimumFractionDigits ?? 0, numberFormatter?.maximumFractionDigits ?? 2)
        if unitOptions.contains(.temperatureWithoutUnit), measurement.unit is UnitTemperature {
            return MeasurementText.number(measurement.value, fractionDigits: digits) + "°"
        }
        return MeasurementText.string(value: measurement.value, unit: measurement.unit, width: width, fractionDigits: digits)
    }

    open func string<UnitType: Unit>(from measurement: Measurement<UnitType>) -> String {
        string(from: Measurement<Unit>(value: measurement.value, unit: measurement.unit))
    }

    open func string(from unit: Unit) -> String {
        unitStyle == .long ? MeasurementText.names(of: unit).plural : unit.symbol
    }

    open override func string(for obj: Any?) -> String? {
        (obj as? Measurement<Unit>).map { string(from: $0) }
    }
}

/// The English text of a value with its unit.
enum MeasurementText {
    static func string(value: Double, unit: Unit, width: MeasurementUnitWidth, fractionDigits: ClosedRange<Int>) -> String {
        let number = self.number(value, fractionDigits: fractionDigits)
        switch width {
        case .wide:
            let names = self.names(of: unit)
            return "\(number) \(abs(value) == 1 ? names.singular : names.plural)"
        case .narrow:
            return unit is UnitTemperature ? "\(number)°" : "\(number)\(unit.symbol)"
        case .abbreviated:
            return "\(number) \(unit.symbol)"
        }
    }

    static func number(_ value: Double, fractionDigits: ClosedRange<Int>) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        return value.formatted(.number.precision(.fractionLength(fractionDigits.lowerBound...max(fractionDigits.lowerBound, fractionDigits.upperBound))))
    }

    /// English names of common units; other units are named by their symbol.
    static func names(of unit: Unit) -> (singular: String, plural: String) {
        let known: [String: (String, String)] = [
            "m": ("meter", "meters"), "km": ("kilometer", "kilometers"), "cm": ("centimeter", "centimeters"),
            "mm": ("millimeter", "millimeters"), "mi": ("mile", "miles"), "ft": ("foot", "feet"), "in": ("inch", "inches"),
            "yd": ("yard", "yards"), "g": ("gram", "grams"), "kg": ("kilogram", "kilograms"), "mg": ("milligram", "milligrams"),
            "lb": ("pound", "pounds"), "oz": ("ounce", "ounces"), "°C": ("degree Celsius", "degrees Celsius"),
            "°F": ("degree Fahrenheit", "degrees Fahrenheit"), "K": ("kelvin", "kelvins"), "L": ("liter", "liters"),
            "mL": ("milliliter", "milliliters"), "s": ("second", "seconds"), "min": ("minute", "minutes"), "hr": ("hour", "hours"),
            "km/h": ("kilometer per hour", "kilometers per hour"), "mph": ("mile per hour", "miles per hour"),
            "m/s": ("meter per second", "meters per second"), "kcal": ("kilocalorie", "kilocalories"), "cal": ("calorie", "calories"),
            "kJ": ("kilojoule", "kilojoules"), "J": ("joule", "joules"), "kWh": ("kilowatt-hour", "kilowatt-hours"),
            "W": ("watt", "watts"), "kW": ("kilowatt", "kilowatts"), "%": ("percent", "percent"), "hPa": ("hectopascal", "hectopascals"),
            "mbar": ("millibar", "millibars"), "inHg": ("inch of mercury", "inches of mercury"),
        ]
        if let names = known[unit.symbol] { return names }
        return (unit.symbol, unit.symbol)
    }
}

extension FormatStyle {
    /// `.measurement(width:)` where a format style is expected (`Text(value, format:)`).
    public static func measurement<UnitType: Dimension>(
        width: MeasurementUnitWidth, usage: MeasurementUsage<UnitType>? = nil,
        numberFormatStyle: FloatingPointFormatStyle<Double>? = nil
    ) -> Self where Self == Measurement<UnitType>.FormatStyle {
        Measurement<UnitType>.FormatStyle(width: width)
    }
}
