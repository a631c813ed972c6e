import Foundation

extension String {
    /// `String.LocalizationValue`: a string literal as a localization key and its default value. As in
    /// Apple's Foundation, an interpolation becomes a format specifier in the key (`"\(count) birds"` is
    /// looked up as `"%lld birds"`), and the interpolated values fill the translation found, or the
    /// default value when there is none.
    public struct LocalizationValue: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
        /// The key: the literal with a specifier in place of each interpolation.
        package let key: String
        /// The interpolated values, in order, as the specifiers of a translation place them.
        package let arguments: [FormatArgument]

        /// A key with no interpolated values: the text itself, `%` included.
        public init(_ value: String) {
            key = value
            arguments = []
        }

        public init(stringLiteral value: String) { self.init(value) }

        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            arguments = stringInterpolation.arguments
        }

        /// The value with the arguments in place: what shows when no translation is found. As on Apple's
        /// platforms it is the key formatted, so a `Double` shows as `%lf` writes it (`1.500000`).
        public var description: String { arguments.isEmpty ? key : FormatArgument.format(key, arguments) }

        /// A literal `%` beside interpolations is written `%%` in the key, as a strings file has it.
        private static func escapingPercents(_ text: String) -> String { text.replacingOccurrences(of: "%", with: "%%") }

        /// `String.LocalizationValue.StringInterpolation`: the specifier each value type has in a key
        /// (`%@` for strings and objects, `%lld` for integers, `%lf` for doubles, `%f` for floats).
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var key = ""
            var arguments: [FormatArgument] = []

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) { key += LocalizationValue.escapingPercents(literal) }

            public mutating func appendInterpolation(_ string: String) { append("%@", .text(string)) }
            public mutating func appendInterpolation<S: StringProtocol>(_ string: S) { append("%@", .text(String(string))) }
            public mutating func appendInterpolation(_ value: Int) { append("%lld", .signed(Int64(value))) }
            public mutating func appendInterpolation<I: BinaryInteger>(_ value: I) {
                if let signed = Int64(exactly: value) {
                    append("%lld", .signed(signed))
                } else {
                    append("%llu", .unsigned(UInt64(truncatingIfNeeded: value)))
                }
            }
            public mutating func appendInterpolation(_ value: Double) { append("%lf", .floating(value)) }
            public mutating func appendInterpolation(_ value: Float) { append("%f", .floating(Double(value))) }
            public mutating func appendInterpolation(_ value: CGFloat) { append("%lf", .floating(Double(value))) }
            /// A value formatted now (`"\(date, format: .dateTime.hour())"`): a string argument.
            public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
                append("%@", .text(format.format(value)))
            }
            /// `"\(price, specifier: "%.2f")"`, as SwiftUI's `Text` takes it: the value in the key with that specifier.
            public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
                append(specifier, .floating(Double(value)))
            }
            public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
                append(specifier, .signed(Int64(truncatingIfNeeded: value)))
            }
            /// Another localization value inside this one: its text, already formatted.
            public mutating func appendInterpolation(_ value: LocalizationValue) { append("%@", .text(value.description)) }
            /// Any other value, by its description.
            @_disfavoredOverload
            public mutating func appendInterpolation<T>(_ value: T) { append("%@", .text(String(describing: value))) }

            private mutating func append(_ specifier: String, _ argument: FormatArgument) {
                key += specifier
                arguments.append(argument)
            }
        }
    }
}
