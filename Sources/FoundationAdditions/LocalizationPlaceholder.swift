import Foundation

extension String.LocalizationValue {
    /// `String.LocalizationValue.Placeholder`: a specifier written into a key with no value behind it,
    /// for formats filled in later (`TypeDisplayRepresentation(numericFormat: "\(placeholder: .int) servers")`).
    public enum Placeholder: Hashable, Sendable {
        case int, uint, float, double, object

        var specifier: String {
            switch self {
            case .int: "%lld"
            case .uint: "%llu"
            case .float: "%f"
            case .double: "%lf"
            case .object: "%@"
            }
        }
    }
}

extension String.LocalizationValue.StringInterpolation {
    /// `"\(placeholder: .int)"`: the specifier alone in the key; the value comes when the format is used.
    public mutating func appendInterpolation(placeholder: String.LocalizationValue.Placeholder) { key += placeholder.specifier }
}
