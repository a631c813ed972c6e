import Foundation

/// A value interpolated into a `String.LocalizationValue`, kept until the format it fills is known: the
/// key's own, or a translation's, which may reorder the values (`%2$@ … %1$lld`) or write them with
/// another precision (`%.1lf`).
package enum FormatArgument: Hashable, Sendable {
    /// The argument as a number, for choosing a plural form; nil for text.
    package var number: Double? {
        switch self {
        case .text: nil
        case .signed(let n): Double(n)
        case .unsigned(let n): Double(n)
        case .floating(let x): x
        }
    }

    case text(String)
    case signed(Int64)
    case unsigned(UInt64)
    case floating(Double)

    /// `format` with its specifiers replaced by `arguments` (in order, or by position `%n$`), and `%%` by
    /// `%`. Numbers are written by `String(format:)` with the specifier as given; a specifier whose value
    /// is missing is left out.
    package static func format(_ format: String, _ arguments: [FormatArgument]) -> String {
        var out = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            guard let specifier = Specifier(parsing: &rest) else {
                out += "%"
                continue
            }
            if specifier.conversion == "%" {
                out += "%"
                continue
            }
            let index = specifier.position.map { $0 - 1 } ?? next
            if specifier.position == nil { next += 1 }
            guard arguments.indices.contains(index) else { continue }
            out += arguments[index].written(as: specifier)
        }
        return out + rest
    }

    private func written(as specifier: Specifier) -> String {
        let numeric = "dDiuUxXoOcC".contains(specifier.conversion)
        let floating = "fFeEgGaA".contains(specifier.conversion)
        switch self {
        case .text(let text):
            return text
        case .signed(let n):
            if floating { return String(format: specifier.cFormat(length: ""), Double(n)) }
            return numeric ? String(format: specifier.cFormat(length: "ll"), n) : String(n)
        case .unsigned(let n):
            if floating { return String(format: specifier.cFormat(length: ""), Double(n)) }
            return numeric ? String(format: specifier.cFormat(length: "ll"), n) : String(n)
        case .floating(let x):
            if numeric { return String(format: specifier.cFormat(length: "ll"), Int64(x.rounded(.towardZero))) }
            return floating ? String(format: specifier.cFormat(length: ""), x) : String(x)
        }
    }

    /// One `%…` specifier: `[n$][flags][width][.precision][length]conversion`.
    private struct Specifier {
        var position: Int?
        var flagsWidthPrecision = ""
        var conversion: Character = "@"

        init?(parsing text: inout Substring) {
            var scan = text
            if let dollar = scan.firstIndex(of: "$"), scan[..<dollar].allSatisfy(\.isNumber), let n = Int(scan[..<dollar]), n > 0 {
                position = n
                scan = scan[scan.index(after: dollar)...]
            }
            while let c = scan.first, "-+ #0123456789.*'".contains(c) {
                flagsWidthPrecision.append(c)
                scan = scan.dropFirst()
            }
            while let c = scan.first, "hlqLzjt".contains(c) { scan = scan.dropFirst() }
            guard let c = scan.first, "%@dDiuUxXoOfFeEgGaAcCsSp".contains(c) else { return nil }
            conversion = c
            text = scan.dropFirst()
        }

        /// The specifier for `String(format:)` with one argument, with the length the value needs.
        func cFormat(length: String) -> String {
            let flags = flagsWidthPrecision.replacingOccurrences(of: "*", with: "")
            let conversion: String = switch self.conversion {
            case "c", "C": "d"
            case "D", "U", "O": self.conversion.lowercased()
            default: String(self.conversion)
            }
            return "%" + flags + length + conversion
        }
    }
}
