import Foundation

/// `OSLogPrivacy`: whether an interpolated value shows in the log.
public struct OSLogPrivacy: Hashable, Sendable {
    enum Level: Hashable, Sendable { case auto, `public`, `private`, sensitive }
    let level: Level
    let hashes: Bool

    public static let auto = OSLogPrivacy(level: .auto, hashes: false)
    public static let `public` = OSLogPrivacy(level: .public, hashes: false)
    public static let `private` = OSLogPrivacy(level: .private, hashes: false)
    public static let sensitive = OSLogPrivacy(level: .sensitive, hashes: false)
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .private, hashes: mask == .hash) }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .sensitive, hashes: mask == .hash) }
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .auto, hashes: mask == .hash) }

    /// `OSLogPrivacy.Mask`.
    public enum Mask: Hashable, Sendable { case hash, none }
}

/// `OSLogIntegerFormatting`, `OSLogFloatFormatting`, `OSLogStringAlignment`: accepted as written;
/// numbers are shown as Swift prints them (floats at the precision asked, when one is).
public struct OSLogIntegerFormatting: Sendable {
    public static let decimal = OSLogIntegerFormatting()
    public static let hex = OSLogIntegerFormatting()
    public static let octal = OSLogIntegerFormatting()
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting { .decimal }
    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting { .hex }
}

public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    public static let fixed = OSLogFloatFormatting(precision: nil)
    public static let exponential = OSLogFloatFormatting(precision: nil)
    public static let hybrid = OSLogFloatFormatting(precision: nil)
    public static func fixed(precision: Int, explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(precision: precision)
    }
}

public struct OSLogStringAlignment: Sendable {
    public static let none = OSLogStringAlignment()
    public static func left(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment() }
    public static func right(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment() }
}

/// `OSLogMessage`: a string interpolation whose values carry their privacy. Numbers and booleans
/// show unless made private; strings and other values show only when `.public`.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    let rendered: String

    public init(stringLiteral value: String) { rendered = value }
    public init(stringInterpolation: OSLogInterpolation) { rendered = stringInterpolation.text }
}

public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) { text += literal }

    mutating func append(_ value: String, privacy: OSLogPrivacy, publicByDefault: Bool) {
        switch privacy.level {
        case .public: text += value
        case .auto where publicByDefault: text += value
        default: text += privacy.hashes ? "<mask.hash: '\(Self.hash(value))'>" : "<private>"
        }
    }

    static func hash(_ value: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }

    public mutating func appendInterpolation<T: BinaryInteger>(_ value: @autoclosure () -> T, format: OSLogIntegerFormatting = .decimal, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append("\(value())", privacy: privacy, publicByDefault: true)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Int, format: OSLogIntegerFormatting = .decimal, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append("\(value())", privacy: privacy, publicByDefault: true)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Double, format: OSLogFloatFormatting = .fixed, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        let v = value()
        append(format.precision.map { String(format: "%.\($0)f", v) } ?? "\(v)", privacy: privacy, publicByDefault: true)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Float, format: OSLogFloatFormatting = .fixed, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        appendInterpolation(Double(value()), format: format, align: align, privacy: privacy)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Bool, format: OSLogBoolFormat = .truth, privacy: OSLogPrivacy = .auto) {
        append(value() ? "true" : "false", privacy: privacy, publicByDefault: true)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(value(), privacy: privacy, publicByDefault: false)
    }

    public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: @autoclosure () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(value().description, privacy: privacy, publicByDefault: false)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> any Error, privacy: OSLogPrivacy = .auto) {
        append("\(value())", privacy: privacy, publicByDefault: false)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Any.Type, privacy: OSLogPrivacy = .auto) {
        append("\(value())", privacy: privacy, publicByDefault: false)
    }

    public mutating func appendInterpolation<T>(_ value: @autoclosure () -> T?, privacy: OSLogPrivacy = .auto) {
        append(value().map { "\($0)" } ?? "nil", privacy: privacy, publicByDefault: false)
    }
}

/// `OSLogBoolFormat`.
public enum OSLogBoolFormat: Sendable { case truth, answer }

/// The `%`-formats of `os_log`: `%{public}@` shows, `%{private}@` and a plain `%@` do not; numbers show.
enum OSLogFormat {
    static func render(_ format: String, _ args: [any CVarArg]) -> String {
        var out = ""
        var index = format.startIndex
        var next = 0
        while index < format.endIndex {
            let c = format[index]
            guard c == "%", format.index(after: index) < format.endIndex else {
                out.append(c)
                index = format.index(after: index)
                continue
            }
            var cursor = format.index(after: index)
            if format[cursor] == "%" {
                out.append("%")
                index = format.index(after: cursor)
                continue
            }
            var privacy = ""
            if format[cursor] == "{", let close = format[cursor...].firstIndex(of: "}") {
                privacy = String(format[format.index(after: cursor)..<close])
                cursor = format.index(after: close)
            }
            var spec = ""
            while cursor < format.endIndex, !"@dDiuUxXfFeEgGcsp".contains(format[cursor]) {
                spec.append(format[cursor])
                cursor = format.index(after: cursor)
            }
            guard cursor < format.endIndex else { break }
            let conversion = format[cursor]
            let value = next < args.count ? args[next] : nil
            next += 1
            let text = value.map { "\($0)" } ?? "(null)"
            let isObject = conversion == "@" || conversion == "s"
            out += privacy.contains("public") || (!isObject && !privacy.contains("private")) ? text : "<private>"
            index = format.index(after: cursor)
        }
        return out
    }
}
