import Foundation

// Foundation APIs that widget code uses on Apple's platforms and that Linux's Foundation lacks.

extension Measurement {
    /// `Measurement.formatted()`: the value and the unit's symbol ("64 mg"), as the abbreviated style
    /// prints it in English.
    public func formatted() -> String {
        let rounded = (value * 100).rounded() / 100
        let number = rounded == rounded.rounded() && abs(rounded) < 1e15
            ? String(Int64(rounded)) : String(rounded)
        return "\(number) \(unit.symbol)"
    }
}
